import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { LIST_USER_COLUMNS } from '../profile/table';

/** An activity row of a timeline with its config key and, when it has one, its revision's summary. */
export async function selectTimelineRows(db: Kysely<DB>, objectId: string) {
  return db
    .selectFrom('activity')
    .leftJoin('config', 'config.id', 'activity.activity_type')
    .leftJoin('revision', 'revision.id', 'activity.revision_id')
    .select([
      'activity.id',
      'activity.user_id',
      'activity.trigger_user_id',
      'activity.object_id',
      'activity.cancelled',
      'activity.cancelled_at',
      'activity.revision_id',
      'activity.created_at',
      'config.key as key',
      'revision.log as log',
    ])
    .where((eb) => eb.or([eb('activity.original_object_id', '=', objectId), eb('activity.object_id', '=', objectId)]))
    .orderBy('activity.created_at', 'desc')
    .orderBy('activity.id', 'desc')
    .execute();
}

export type TimelineRow = Awaited<ReturnType<typeof selectTimelineRows>>[number];

/** People of a timeline, as user lists show them. */
export async function selectTimelineUsers(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('user').select(LIST_USER_COLUMNS).where('user.id', 'in', ids).execute();
}

/** Answers named by a question's timeline: who wrote them and their status (the visibility rule). */
export async function selectTimelineAnswers(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('answer').select(['id', 'user_id', 'status']).where('id', 'in', ids).execute();
}

/** Comments named by a timeline: their author, status and text (the sanitized HTML rendered when posted). */
export async function selectTimelineComments(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('comment').select(['id', 'user_id', 'status', 'parsed_text']).where('id', 'in', ids).execute();
}

/** A stored meta value of an object (a closed question's reason). */
export async function selectMetaValue(db: Kysely<DB>, objectId: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', objectId)
    .where('key', '=', key)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.value;
}

/** A tag's heading on its timeline: its slug, main tag and creator. */
export async function selectTimelineTag(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('tag')
    .select(['id', 'slug_name', 'main_tag_slug_name', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A question's title (the heading of its and its answers' timelines). */
export async function selectQuestionTitle(db: Kysely<DB>, id: string): Promise<string> {
  const row = await db.selectFrom('question').select('title').where('id', '=', id).executeTakeFirst();
  return row?.title ?? '';
}
