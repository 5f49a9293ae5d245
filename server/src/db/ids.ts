import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';
import { idSourceOf } from './id-source';
import { writeTransaction } from './transaction';

/**
 * Ids are made by the app, the same way on every database (no auto-increment columns): each kind of
 * id has a counter row in `id_sequence`. On PostgreSQL and MySQL the counter is raised on a connection
 * of its own and committed at once (db/id-source.ts), so a writer never holds a counter's lock for the
 * rest of its transaction; on SQLite, whose writers take turns anyway, it is raised inside the writer's
 * transaction. Either way concurrent allocations never share a value.
 */

/** Counters that exist (each is seeded by the migration that introduced it). */
export type SequenceName =
  | 'user'
  | 'uniqid'
  // Added by migration 20261121070000_qa_core (plain ids of the Q&A tables).
  | 'tag_rel'
  | 'activity'
  | 'revision'
  | 'collection_group'
  | 'meta'
  | 'question_link'
  | 'notification'
  | 'user_notification_config'
  // Added by migration 20261126130000_review_queue (queued posts).
  | 'review'
  | 'post_deletion'
  // Added by migration 20261128090000_admin_audit.
  | 'admin_audit'
  // Added by migration 20261129090100_jobs.
  | 'job';

/** Object types encoded in Answer-format ids (docs/wire-contract.md, digits 2-4). */
export const OBJECT_TYPES = {
  question: 1,
  answer: 2,
  tag: 3,
  user: 4,
  collection: 6,
  comment: 7,
  report: 8,
  badge: 9,
  badge_award: 10,
} as const;
export type ObjectType = keyof typeof OBJECT_TYPES;

async function bump(trx: Kysely<DB>, name: SequenceName, by = 1): Promise<number> {
  const result = await trx
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', by) }))
    .where('name', '=', name)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new Error(`The id sequence "${name}" does not exist: is the database migrated?`);
  }
  const row = await trx.selectFrom('id_sequence').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Raises a counter by `count` and returns its new value: from the id source, else in a transaction. */
function take(db: Kysely<DB> | Transaction<DB>, name: SequenceName, count: number): Promise<number> {
  const source = idSourceOf(db as Kysely<DB>);
  if (source) return source.take(name, count);
  return db.isTransaction ? bump(db, name, count) : writeTransaction(db as Kysely<DB>, (trx) => bump(trx, name, count));
}

/** The next value of a counter. */
export async function nextId(db: Kysely<DB> | Transaction<DB>, name: SequenceName): Promise<number> {
  return take(db, name, 1);
}

/** `count` consecutive values of a counter at once (bulk inserts): the first of them. */
export async function nextIds(db: Kysely<DB> | Transaction<DB>, name: SequenceName, count: number): Promise<number> {
  return (await take(db, name, count)) - count + 1;
}

/** `"1" + 3-digit type + 13-digit counter`, e.g. the first question is 10010000000000001. */
export function formatObjectId(type: ObjectType, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1 || counter >= 1e13) {
    throw new RangeError(`Object id counter out of range: ${counter}`);
  }
  return `1${String(OBJECT_TYPES[type]).padStart(3, '0')}${String(counter).padStart(13, '0')}`;
}

/** The object type of an Answer-format id, or null if the id is not one. */
export function objectTypeOf(id: string): ObjectType | null {
  if (!/^1\d{16}$/.test(id)) return null;
  const code = Number(id.slice(1, 4));
  const entry = Object.entries(OBJECT_TYPES).find(([, value]) => value === code);
  return entry ? (entry[0] as ObjectType) : null;
}

/**
 * A new Answer-format object id: one global counter for every type (as Answer's uniqid table), and
 * a `uniqid` row recording the type.
 */
export async function newObjectId(db: Kysely<DB> | Transaction<DB>, type: ObjectType): Promise<string> {
  const counter = await take(db, 'uniqid', 1);
  await db.insertInto('uniqid').values({ id: counter, uniqid_type: OBJECT_TYPES[type] }).execute();
  return formatObjectId(type, counter);
}
