import type { Revision } from '@agora/shared-api/contract';
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
import { selectQuestionTitle, selectRevisionUsers, selectShownRevisions } from './repository';
import { snapshotTags } from './snapshot-tags';
import { parseSnapshot, type RevisedType, type RevisionRow } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The heading of an object's revisions (a post's question title; '' for a tag), once the viewer may
 * see the object (the visibility rule; a tag while available, or deleted for `withDeletedTags`), else
 * the 404 its type answers.
 */
export async function revisionSubject(
  db: Kysely<DB>,
  id: string,
  viewer: Viewer,
  withDeletedTags: boolean,
): Promise<string> {
  const type = objectTypeOf(id);
  if (type === 'tag') {
    if (!(await findVisibleTag(db, id, withDeletedTags))) throw ApiFailure.notFound('error.tag.not_found');
    return '';
  }
  if (type !== 'question' && type !== 'answer') throw ApiFailure.notFound('error.object.not_found');
  const found = await requireVisible(db, id, viewer, { types: [type] });
  return selectQuestionTitle(db, found.question.id);
}

/**
 * GET revisions?object_id: the history of a question, answer or tag, newest first, visible to whoever
 * may see the object itself (the visibility rule, as on its page).
 */
export class RevisionHistory {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /**
   * The shown revisions of `objectId`. `viewer` is the caller; `withDeletedTags` whether they may see
   * deleted tags (tag.undeleted). An object the caller may not see is 404.
   */
  async list(objectId: string, viewer: Viewer, withDeletedTags: boolean, avatars: AvatarSettings): Promise<Revision[]> {
    const id = objectId.trim();
    const type = objectTypeOf(id);
    const title = await revisionSubject(this.#db, id, viewer, withDeletedTags);
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
    const tags = type === 'question' ? await snapshotTags(this.#db, snapshots) : undefined;
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
        content = {
          title: revisionTitle,
          content: original,
          html: renderPostHtml(original),
          tags: tags?.of(snapshot) ?? [],
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
}
