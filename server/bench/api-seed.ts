import { createDatabase } from '../src/db/database';
import type { NewUserRow } from '../src/db/schema';
import { seedDemo } from '../src/demo';

/** What the API benchmark (api.ts) puts on its site before measuring. */

/** N users with one precomputed argon2id hash (hashing each would take minutes), ids taken as one block. */
export async function seedUsers(file: string, count: number, pass: string): Promise<number> {
  const database = await createDatabase({ type: 'sqlite3', file });
  try {
    const now = Date.now();
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('id_sequence')
        .set((eb) => ({ value: eb('value', '+', count) }))
        .where('name', '=', 'user')
        .execute();
      const { value } = await trx
        .selectFrom('id_sequence')
        .select('value')
        .where('name', '=', 'user')
        .executeTakeFirstOrThrow();
      const first = Number(value) - count + 1;
      const BATCH = 500;
      for (let start = 0; start < count; start += BATCH) {
        const rows: NewUserRow[] = [];
        for (let i = start; i < Math.min(count, start + BATCH); i++) {
          const id = first + i;
          rows.push({
            id,
            username: `bench_user_${id}`,
            username_key: `bench_user_${id}`,
            e_mail: `bench.user.${id}@example.com`,
            e_mail_key: `bench.user.${id}@example.com`,
            pass,
            mail_status: 1,
            rank: 1 + (i % 500),
            display_name: `Bench User ${id}`,
            avatar: '',
            bio: '',
            bio_html: '',
            created_at: now - i * 60_000,
            updated_at: now - i * 60_000,
          });
        }
        await trx.insertInto('user').values(rows).execute();
      }
    });
    const { n } = await database.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await database.close();
  }
}

/** Q demo questions (with their own demo members, answers, comments, votes and tags) on the site. */
export async function seedQuestions(file: string, count: number, passwordHash: string): Promise<number> {
  if (count === 0) return 0;
  const database = await createDatabase({ type: 'sqlite3', file });
  try {
    const result = await seedDemo(database.db, { questions: count, seed: 'bench', passwordHash });
    return result.counts.questions;
  } finally {
    await database.close();
  }
}

/**
 * The question a busy question page shows: listed and open, among the 200 with the most answers the
 * one with the most comments (on it and on its answers). Null when nothing is seeded.
 */
export async function pickQuestion(file: string): Promise<{ id: string; answers: number; comments: number } | null> {
  const database = await createDatabase({ type: 'sqlite3', file });
  try {
    const rows = await database.db
      .selectFrom('question as q')
      .select((eb) => [
        'q.id',
        'q.answer_count',
        eb
          .selectFrom('comment as c')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('c.question_id', '=', 'q.id')
          .where('c.status', '=', 1)
          .as('comments'),
      ])
      .where('q.status', '=', 1)
      .where('q.show', '=', 1)
      .orderBy('q.answer_count', 'desc')
      .limit(200)
      .execute();
    let best: { id: string; answers: number; comments: number } | null = null;
    for (const row of rows) {
      const candidate = { id: row.id, answers: Number(row.answer_count), comments: Number(row.comments ?? 0) };
      const score = (c: typeof candidate) => c.answers * 1000 + c.comments;
      if (!best || score(candidate) > score(best)) best = candidate;
    }
    return best;
  } finally {
    await database.close();
  }
}
