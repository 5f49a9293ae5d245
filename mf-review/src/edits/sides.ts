import type { UnreviewedRevision } from '@agora/shared-api/contract';
import type { RevisionSide } from '@agora/shared-ui/diff';

type Record_ = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A tag of a revision as the server gives it: a tag object, or a bare name. */
function tagName(tag: unknown): string {
  if (typeof tag === 'string') return tag;
  if (tag && typeof tag === 'object') {
    const { display_name, slug_name } = tag as Record_;
    return text(display_name) || text(slug_name);
  }
  return '';
}

/**
 * The two sides a suggested edit compares: the object as it is now (`info`) and as the edit would make it
 * (the revision's content: {title, content, tags} for a question, {content} for an answer, a tag's
 * {display_name, original_text}). Answers have no title, only questions have tags.
 */
export function revisionSides(task: UnreviewedRevision): { before: RevisionSide; after: RevisionSide } {
  const { info } = task;
  const proposed: Record_ =
    task.unreviewed_info.content && typeof task.unreviewed_info.content === 'object'
      ? (task.unreviewed_info.content as Record_)
      : {};
  switch (task.type) {
    case 'question':
      return {
        before: { title: info.title, tags: info.tags.map(tagName), body: info.content },
        after: {
          title: text(proposed.title) || task.unreviewed_info.title,
          tags: (Array.isArray(proposed.tags) ? proposed.tags : []).map(tagName).filter(Boolean),
          body: text(proposed.content),
        },
      };
    case 'answer':
      return { before: { body: info.content }, after: { body: text(proposed.content) } };
    case 'tag':
      return {
        before: { title: info.title, body: info.content },
        after: {
          title: text(proposed.display_name) || task.unreviewed_info.title,
          body: text(proposed.original_text),
        },
      };
  }
}

/** The slug a tag's page is at (its revision names it; the current url_title otherwise). */
export function tagSlug(task: UnreviewedRevision): string {
  const content = task.unreviewed_info.content as Record_ | null;
  return (content && text(content.slug_name)) || task.info.url_title;
}
