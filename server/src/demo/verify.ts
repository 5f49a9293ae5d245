import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Recounts every stored counter from the rows it summarises and reports each disagreement (an empty
 * list when all agree). Used by the demo's tests and handy after bulk changes; the queries are
 * plain aggregates, independent of how the counters were computed.
 *
 * Definitions (db/README.md): question.answer_count = available answers; vote_count = active up
 * minus down votes; collection_count = bookmarks; follow_count = active follows; linked_count =
 * available links to it; accepted_answer_id = its one adopted answer; answer.comment_count =
 * available comments; tag.question_count = available tag_rel rows, follow_count = active follows;
 * user.question_count = questions closed or open, answer_count = available answers, rank = the
 * rank before any activity (`baseRank`) plus the applied ranks of its active activities.
 */
export interface VerifyOptions {
  /** A user's reputation not explained by activities (the install admin starts at 1). Default 0. */
  baseRank?: (userId: number) => number;
  /** Stop listing after this many problems. Default 50. */
  limit?: number;
}

type Counts = Map<string, number>;

async function configIds(db: Kysely<DB>, keys: string[]): Promise<Record<string, number>> {
  const rows = await db.selectFrom('config').select(['id', 'key']).where('key', 'in', keys).execute();
  const ids = Object.fromEntries(rows.map((r) => [r.key, Number(r.id)]));
  for (const key of keys) if (ids[key] === undefined) throw new Error(`config key ${key} is missing`);
  return ids;
}

function toMap(rows: Array<{ k: string | number | null; n: unknown }>): Counts {
  return new Map(rows.filter((r) => r.k !== null).map((r) => [String(r.k), Number(r.n)]));
}

export async function verifyCounters(db: Kysely<DB>, options: VerifyOptions = {}): Promise<string[]> {
  const problems: string[] = [];
  const limit = options.limit ?? 50;
  const check = (what: string, id: string, stored: unknown, expected: unknown) => {
    if (String(stored ?? '') !== String(expected ?? '') && problems.length < limit) {
      problems.push(`${what} of ${id}: stored ${String(stored)}, rows say ${String(expected)}`);
    }
  };
  const t = await configIds(db, [
    'question.vote_up',
    'question.vote_down',
    'answer.vote_up',
    'answer.vote_down',
    'comment.vote_up',
    'question.follow',
    'tag.follow',
  ]);

  const votes = async (up: number, down: number | null) => {
    const ups = toMap(
      await db
        .selectFrom('activity')
        .select((eb) => ['object_id as k', eb.fn.countAll().as('n')])
        .where('activity_type', '=', up)
        .where('cancelled', '=', 0)
        .groupBy('object_id')
        .execute(),
    );
    if (down !== null) {
      const downs = await db
        .selectFrom('activity')
        .select((eb) => ['object_id as k', eb.fn.countAll().as('n')])
        .where('activity_type', '=', down)
        .where('cancelled', '=', 0)
        .groupBy('object_id')
        .execute();
      for (const row of downs) ups.set(row.k, (ups.get(row.k) ?? 0) - Number(row.n));
    }
    return ups;
  };
  const follows = async (type: number) =>
    toMap(
      await db
        .selectFrom('activity')
        .select((eb) => ['object_id as k', eb.fn.countAll().as('n')])
        .where('activity_type', '=', type)
        .where('cancelled', '=', 0)
        .groupBy('object_id')
        .execute(),
    );

  // Questions.
  const answerCounts = toMap(
    await db
      .selectFrom('answer')
      .select((eb) => ['question_id as k', eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('question_id')
      .execute(),
  );
  const questionVotes = await votes(t['question.vote_up']!, t['question.vote_down']!);
  const bookmarks = toMap(
    await db
      .selectFrom('collection')
      .select((eb) => ['object_id as k', eb.fn.countAll().as('n')])
      .groupBy('object_id')
      .execute(),
  );
  const questionFollows = await follows(t['question.follow']!);
  const linked = toMap(
    await db
      .selectFrom('question_link')
      .select((eb) => ['to_question_id as k', eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('to_question_id')
      .execute(),
  );
  const adopted = new Map(
    (await db.selectFrom('answer').select(['question_id', 'id']).where('adopted', '=', 2).execute()).map((r) => [
      r.question_id,
      r.id,
    ]),
  );
  const lastAnswers = new Map<string, { id: string; created: number }>();
  for (const a of await db
    .selectFrom('answer')
    .select(['id', 'question_id', 'created_at'])
    .where('status', '=', 1)
    .execute()) {
    const found = lastAnswers.get(a.question_id);
    const created = Number(a.created_at);
    if (!found || created > found.created || (created === found.created && a.id > found.id)) {
      lastAnswers.set(a.question_id, { id: a.id, created });
    }
  }
  for (const q of await db
    .selectFrom('question')
    .select([
      'id',
      'answer_count',
      'vote_count',
      'collection_count',
      'follow_count',
      'linked_count',
      'accepted_answer_id',
      'last_answer_id',
    ])
    .execute()) {
    check('question.answer_count', q.id, q.answer_count, answerCounts.get(q.id) ?? 0);
    check('question.vote_count', q.id, q.vote_count, questionVotes.get(q.id) ?? 0);
    check('question.collection_count', q.id, q.collection_count, bookmarks.get(q.id) ?? 0);
    check('question.follow_count', q.id, q.follow_count, questionFollows.get(q.id) ?? 0);
    check('question.linked_count', q.id, q.linked_count, linked.get(q.id) ?? 0);
    check('question.accepted_answer_id', q.id, q.accepted_answer_id, adopted.get(q.id) ?? null);
    check('question.last_answer_id', q.id, q.last_answer_id, lastAnswers.get(q.id)?.id ?? null);
  }

  // Answers and comments.
  const answerVotes = await votes(t['answer.vote_up']!, t['answer.vote_down']!);
  const answerComments = toMap(
    await db
      .selectFrom('comment')
      .select((eb) => ['object_id as k', eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('object_id')
      .execute(),
  );
  for (const a of await db.selectFrom('answer').select(['id', 'vote_count', 'comment_count']).execute()) {
    check('answer.vote_count', a.id, a.vote_count, answerVotes.get(a.id) ?? 0);
    check('answer.comment_count', a.id, a.comment_count, answerComments.get(a.id) ?? 0);
  }
  const commentVotes = await votes(t['comment.vote_up']!, null);
  for (const c of await db.selectFrom('comment').select(['id', 'vote_count']).execute()) {
    check('comment.vote_count', c.id, c.vote_count, commentVotes.get(c.id) ?? 0);
  }

  // Tags.
  const tagQuestions = toMap(
    await db
      .selectFrom('tag_rel')
      .select((eb) => ['tag_id as k', eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('tag_id')
      .execute(),
  );
  const tagFollows = await follows(t['tag.follow']!);
  for (const tag of await db.selectFrom('tag').select(['id', 'question_count', 'follow_count']).execute()) {
    check('tag.question_count', tag.id, tag.question_count, tagQuestions.get(tag.id) ?? 0);
    check('tag.follow_count', tag.id, tag.follow_count, tagFollows.get(tag.id) ?? 0);
  }

  // Users.
  const userQuestions = toMap(
    await db
      .selectFrom('question')
      .select((eb) => ['user_id as k', eb.fn.countAll().as('n')])
      .where('status', 'in', [1, 2])
      .groupBy('user_id')
      .execute(),
  );
  const userAnswers = toMap(
    await db
      .selectFrom('answer')
      .select((eb) => ['user_id as k', eb.fn.countAll().as('n')])
      .where('status', '=', 1)
      .groupBy('user_id')
      .execute(),
  );
  const ranks = toMap(
    await db
      .selectFrom('activity')
      .select((eb) => ['user_id as k', eb.fn.sum<number>('rank').as('n')])
      .where('has_rank', '=', 1)
      .where('cancelled', '=', 0)
      .groupBy('user_id')
      .execute(),
  );
  const base = options.baseRank ?? (() => 0);
  for (const u of await db.selectFrom('user').select(['id', 'question_count', 'answer_count', 'rank']).execute()) {
    const id = String(u.id);
    check('user.question_count', id, u.question_count, userQuestions.get(id) ?? 0);
    check('user.answer_count', id, u.answer_count, userAnswers.get(id) ?? 0);
    check('user.rank', id, u.rank, base(Number(u.id)) + (ranks.get(id) ?? 0));
  }
  return problems;
}
