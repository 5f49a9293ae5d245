import type { Revision, TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { urlTitle } from '../../lib/text';
import { seconds } from '../../lib/time';
import type { AvatarSettings } from '../profile/avatar';
import { toUserBasicInfo } from '../profile/service';
import { findVisibleTag, requireVisible, type Viewer } from '../visibility/rule';
import { selectQuestionTitle, selectRevisionUsers, selectShownRevisions, selectSnapshotTags } from './repository';
import { parseSnapshot, type RevisedType, type RevisionRow, type RevisionSnapshot } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The key a tag of a question snapshot is found by: an id, a slug, or a tag object's slug. */
function tagKey(tag: unknown): string {
  if (typeof tag === 'string') return objectTypeOf(tag) === 'tag' ? `id:${tag}` : `slug:${tag}`;
  if (tag && typeof tag === 'object') return `obj:${text((tag as Record<string, unknown>).slug_name)}`;
  return '';
}

const tagResp = (row: {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: number;
  reserved: number;
}): TagResp => ({
  slug_name: row.slug_name,
  display_name: row.display_name,
  main_tag_slug_name: row.main_tag_slug_name,
  recommend: Number(row.recommend) === 1,
  reserved: Number(row.reserved) === 1,
});

/**
 * GET revisions?object_id: the history of a question, answer or tag, newest first, visible to whoever
 * may see the object itself (the visibility rule, as on its page).
 */
export class RevisionHistory {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** The heading of the object's revisions, once the viewer may see it (else its 404). */
  async #subject(id: string, viewer: Viewer, withDeletedTags: boolean): Promise<string> {
    const type = objectTypeOf(id);
    if (type === 'tag') {
      if (!(await findVisibleTag(this.#db, id, withDeletedTags))) throw ApiFailure.notFound('error.tag.not_found');
      return '';
    }
    if (type !== 'question' && type !== 'answer') throw ApiFailure.notFound('error.object.not_found');
    const found = await requireVisible(this.#db, id, viewer, { types: [type] });
    return selectQuestionTitle(this.#db, found.question.id);
  }

  /**
   * The shown revisions of `objectId`. `viewer` is the caller; `withDeletedTags` whether they may see
   * deleted tags (tag.undeleted). An object the caller may not see is 404.
   */
  async list(objectId: string, viewer: Viewer, withDeletedTags: boolean, avatars: AvatarSettings): Promise<Revision[]> {
    const id = objectId.trim();
    const type = objectTypeOf(id);
    const title = await this.#subject(id, viewer, withDeletedTags);
    const rows = await selectShownRevisions(this.#db, id);
    return this.present(rows, type as RevisedType, title, avatars);
  }

  /**
   * Revisions of one object of `type` as the wire shows them: the snapshot as the object (`content`),
   * its author, its edit summary. `title` is the heading of a question's or answer's revisions.
   */
  async present(rows: RevisionRow[], type: RevisedType, title: string, avatars: AvatarSettings): Promise<Revision[]> {
    const users = await selectRevisionUsers(this.#db, [...new Set(rows.map((r) => Number(r.user_id)))]);
    const byId = new Map(users.map((u) => [Number(u.id), toUserBasicInfo(u, avatars)]));
    const snapshots = rows.map((row) => parseSnapshot(row.content));
    const tags = type === 'question' ? await this.#snapshotTags(snapshots) : new Map<string, TagResp>();
    return rows.map((row, i) => {
      const snapshot = snapshots[i]!;
      let content: unknown;
      let revisionTitle = title;
      const original = text(snapshot.original_text);
      if (type === 'tag') {
        revisionTitle = text(snapshot.display_name) || row.title;
        content = {
          slug_name: text(snapshot.slug_name),
          display_name: text(snapshot.display_name),
          original_text: original,
          parsed_text: renderPostHtml(original),
          main_tag_slug_name: text(snapshot.main_tag_slug_name),
        };
      } else if (type === 'question') {
        revisionTitle = text(snapshot.title) || row.title;
        const named = Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : [];
        content = {
          title: revisionTitle,
          content: original,
          html: renderPostHtml(original),
          tags: named.flatMap((tag) => {
            const found = tags.get(tagKey(tag));
            return found ? [found] : [];
          }),
        };
      } else {
        content = { content: original, html: renderPostHtml(original) };
      }
      const user = byId.get(Number(row.user_id));
      return {
        id: String(row.id),
        use_id: String(row.user_id),
        object_id: row.object_id,
        title: revisionTitle,
        url_title: urlTitle(revisionTitle),
        content,
        status: Number(row.status),
        create_at: seconds(row.created_at),
        ...(user ? { user_info: user } : {}),
        reason: row.log,
      };
    });
  }

  /**
   * The tags question snapshots name, by the key `tagKey` gives them: a question's first revision
   * holds tag objects, its edits hold tag ids (or slugs of tags a suggested edit would create).
   */
  async #snapshotTags(snapshots: RevisionSnapshot[]): Promise<Map<string, TagResp>> {
    const out = new Map<string, TagResp>();
    const ids = new Set<string>();
    const slugs = new Set<string>();
    for (const snapshot of snapshots) {
      for (const tag of Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : []) {
        if (typeof tag === 'string') {
          if (objectTypeOf(tag) === 'tag') ids.add(tag);
          else slugs.add(tag);
        } else if (tag && typeof tag === 'object') {
          const t = tag as Record<string, unknown>;
          out.set(tagKey(tag), {
            slug_name: text(t.slug_name),
            display_name: text(t.display_name) || text(t.slug_name),
            main_tag_slug_name: text(t.main_tag_slug_name),
            recommend: t.recommend === true,
            reserved: t.reserved === true,
          });
        }
      }
    }
    for (const row of await selectSnapshotTags(this.#db, [...ids], [...slugs])) {
      if (ids.has(row.id)) out.set(`id:${row.id}`, tagResp(row));
      if (slugs.has(row.slug_name)) out.set(`slug:${row.slug_name}`, tagResp(row));
    }
    // A slug a suggested edit named but nobody created: shown as itself.
    for (const slug of slugs)
      if (!out.has(`slug:${slug}`))
        out.set(`slug:${slug}`, {
          slug_name: slug,
          display_name: slug,
          main_tag_slug_name: '',
          recommend: false,
          reserved: false,
        });
    return out;
  }
}
