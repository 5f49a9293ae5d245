import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { USER_STATUS } from '../accounts/table';
import { ANSWER_STATUS, QUESTION_STATUS } from '../post/table';

/** The vote activities a voter holds (comments take up votes only). */
const VOTE_KEYS = ['question.vote_up', 'question.vote_down', 'answer.vote_up', 'answer.vote_down', 'comment.vote_up'];

/** Questions anyone may reach: open or closed (listed or not), never deleted or queued. */
const VISIBLE_QUESTION = [QUESTION_STATUS.open, QUESTION_STATUS.closed];

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** The site's totals: visible questions (resolved, unanswered), answers, comments, active votes, members. */
export async function selectTotals(db: Kysely<DB>) {
  const questions = db.selectFrom('question').where('status', 'in', VISIBLE_QUESTION);
  const n = sql<number | string>`count(*)`.as('n');
  const [all, resolved, unanswered, answers, comments, votes, users] = await Promise.all([
    questions.select(n).executeTakeFirst(),
    questions.where('accepted_answer_id', 'is not', null).select(n).executeTakeFirst(),
    questions.where('answer_count', '=', 0).select(n).executeTakeFirst(),
    db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .where('answer.status', '=', ANSWER_STATUS.available)
      .where('question.status', 'in', VISIBLE_QUESTION)
      .select(n)
      .executeTakeFirst(),
    db
      .selectFrom('comment')
      .innerJoin('question', 'question.id', 'comment.question_id')
      .where('comment.status', '=', ANSWER_STATUS.available)
      .where('question.status', 'in', VISIBLE_QUESTION)
      .select(n)
      .executeTakeFirst(),
    db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .where('config.key', 'in', VOTE_KEYS)
      .where('activity.cancelled', '=', 0)
      .select(n)
      .executeTakeFirst(),
    db.selectFrom('user').where('status', '!=', USER_STATUS.deleted).select(n).executeTakeFirst(),
  ]);
  return {
    questions: count(all),
    resolved: count(resolved),
    unanswered: count(unanswered),
    answers: count(answers),
    comments: count(comments),
    votes: count(votes),
    users: count(users),
  };
}

/** Creation times (Unix ms) since `since` of visible questions, available answers and members. */
export async function selectCreatedSince(db: Kysely<DB>, since: number) {
  const [questions, answers, users] = await Promise.all([
    db
      .selectFrom('question')
      .select('created_at')
      .where('status', 'in', VISIBLE_QUESTION)
      .where('created_at', '>=', since)
      .execute(),
    db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .select('answer.created_at')
      .where('answer.status', '=', ANSWER_STATUS.available)
      .where('question.status', 'in', VISIBLE_QUESTION)
      .where('answer.created_at', '>=', since)
      .execute(),
    db
      .selectFrom('user')
      .select('created_at')
      .where('status', '!=', USER_STATUS.deleted)
      .where('created_at', '>=', since)
      .execute(),
  ]);
  const times = (rows: { created_at: number | string }[]) => rows.map((r) => Number(r.created_at));
  return { questions: times(questions), answers: times(answers), users: times(users) };
}

/** The database's product version and its size in bytes, by dialect. */
export async function selectDatabaseFacts(
  db: Kysely<DB>,
  kind: 'sqlite3' | 'postgres' | 'mysql',
): Promise<{ version: string; size: number }> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];
  if (kind === 'sqlite3') {
    const version = await one<{ v: string }>(sql`select sqlite_version() as v`);
    const pages = await one<{ page_count: number }>(sql`pragma page_count`);
    const size = await one<{ page_size: number }>(sql`pragma page_size`);
    return { version: version?.v ?? '', size: Number(pages?.page_count ?? 0) * Number(size?.page_size ?? 0) };
  }
  if (kind === 'postgres') {
    const row = await one<{ v: string; size: string }>(
      sql`select current_setting('server_version') as v, pg_database_size(current_database()) as size`,
    );
    return { version: row?.v ?? '', size: Number(row?.size ?? 0) };
  }
  const row = await one<{ v: string; size: string | null }>(
    sql`select version() as v, (select coalesce(sum(data_length + index_length), 0) from information_schema.tables where table_schema = database()) as size`,
  );
  return { version: row?.v ?? '', size: Number(row?.size ?? 0) };
}
