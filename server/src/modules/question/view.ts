import type { PostUserInfo, TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { configRowsById } from '../config/service';
import { revisionContent } from '../revisions/service';
import { selectShownTags } from './link-repository';
import { selectAnswerAuthor, selectCloseMeta } from './post-repository';
import { QUESTION_STATUS, TAG_REL, revisionTags, type QuestionRow } from './table';

/** Everything GET question/info shows besides the viewer's own state and actions. */
export interface QuestionView {
  row: QuestionRow;
  tags: TagResp[];
  users: Map<number, PostUserInfo>;
  lastAnswerUserId: number | null;
  closeMsg: string;
  /** A closed question's reason (its config key and stored name), when the stored close type names one. */
  closeReason: { key: string; name: string } | null;
}

/** The close remark and reason id a question's close meta stores (nothing readable: none). */
function parseCloseMeta(value: string | undefined): { closeMsg: string; closeType: number } {
  if (!value) return { closeMsg: '', closeType: 0 };
  try {
    const stored = JSON.parse(value) as { close_msg?: unknown; close_type?: unknown };
    return { closeMsg: String(stored.close_msg ?? ''), closeType: Number(stored.close_type) };
  } catch {
    return { closeMsg: '', closeType: 0 };
  }
}

/** The close reason a stored close type names: a `reason.*` config row, with the name it stores. */
async function closeReasonOf(db: Kysely<DB>, closeType: number): Promise<QuestionView['closeReason']> {
  if (!Number.isSafeInteger(closeType) || closeType <= 0) return null;
  const reason = (await configRowsById(db, [closeType])).get(closeType);
  if (!reason || !reason.key.startsWith('reason.')) return null;
  let name = '';
  try {
    const value = JSON.parse(reason.value) as { name?: unknown };
    if (typeof value.name === 'string') name = value.name;
  } catch {
    // An unreadable reason row keeps no stored name.
  }
  return { key: reason.key, name };
}

/** The view of a question the viewer may see: its tags, people and close notice. */
export async function readView(
  db: Kysely<DB>,
  row: QuestionRow,
  loadUsers: (ids: number[]) => Promise<Map<number, PostUserInfo>>,
): Promise<QuestionView> {
  const deleted = row.status === QUESTION_STATUS.deleted;
  const linkStatuses = deleted
    ? [TAG_REL.available, TAG_REL.hidden, TAG_REL.deleted]
    : [TAG_REL.available, TAG_REL.hidden];
  const [rels, revision, lastAnswerUserId, closeMeta] = await Promise.all([
    selectShownTags(db, row.id, linkStatuses),
    deleted && row.revision_id ? revisionContent(db, row.revision_id) : Promise.resolve(undefined),
    row.last_answer_id ? selectAnswerAuthor(db, row.last_answer_id) : Promise.resolve(undefined),
    row.status === QUESTION_STATUS.closed ? selectCloseMeta(db, row.id) : Promise.resolve(undefined),
  ]);
  // DELETE question marks every link deleted, also those an earlier edit removed: a deleted question
  // shows the tags of its current revision (all of them when the revision names none).
  const named = revisionTags(revision);
  const tags = rels.filter(
    (rel) => rel.status !== TAG_REL.deleted || !named || named.has(rel.tag_id) || named.has(rel.slug_name),
  );
  const userIds = [row.user_id, row.last_edit_user_id, lastAnswerUserId].filter(
    (u): u is number => u !== null && u !== undefined,
  );
  const { closeMsg, closeType } = parseCloseMeta(closeMeta);
  return {
    row,
    tags: tags.map((tag) => ({
      slug_name: tag.slug_name,
      display_name: tag.display_name,
      main_tag_slug_name: tag.main_tag_slug_name,
      recommend: tag.recommend === 1,
      reserved: tag.reserved === 1,
    })),
    users: await loadUsers(userIds),
    lastAnswerUserId: lastAnswerUserId ?? null,
    closeMsg,
    closeReason: closeMeta ? await closeReasonOf(db, closeType) : null,
  };
}
