import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { API, adminSite, questionBody, userRow, type AdminSite, type TestAccount } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Tables with a user column, and the column. */
const USER_COLUMNS: Array<[string, string]> = [
  ['question', 'user_id'],
  ['answer', 'user_id'],
  ['comment', 'user_id'],
  ['activity', 'user_id'],
  ['revision', 'user_id'],
  ['collection', 'user_id'],
  ['collection_group', 'user_id'],
  ['notification', 'user_id'],
  ['notification_seen', 'user_id'],
  ['report', 'user_id'],
  ['review', 'user_id'],
  ['post_deletion', 'user_id'],
  ['user_notification_config', 'user_id'],
  ['upload', 'user_id'],
  ['session', 'user_id'],
  ['account_token', 'user_id'],
];

describe.each(available)('remove_all_content and DELETE delete/permanently on $label', (target) => {
  let s: AdminSite;
  let spammer: TestAccount;
  let bystander: TestAccount;
  let adminQuestion: string;
  let spamQuestion: string;
  let spamAnswer: string;
  let bystanderAnswer: string;

  const post = async <T>(url: string, payload: object, token: string) => {
    const res = await s.call<T>({ method: 'POST', url: `${API}${url}`, payload, token });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const answerOf = async (userId: number, questionId: string) =>
    (
      await s.db
        .selectFrom('answer')
        .select('id')
        .where('user_id', '=', userId)
        .where('question_id', '=', questionId)
        .executeTakeFirstOrThrow()
    ).id;
  const status = async (table: 'question' | 'answer' | 'comment', id: string) =>
    (await s.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirst())?.status;
  const count = async (table: string, column: string, value: string | number) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(s.db)
      ).rows[0]!.n,
    );
  const tagCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('tag')
          .select('question_count')
          .where('slug_name', '=', 'support')
          .executeTakeFirstOrThrow()
      ).question_count,
    );

  beforeAll(async () => {
    s = await adminSite(target);
    spammer = await s.member('spammer');
    bystander = await s.member('bystander');
    await s.db.updateTable('user').set({ rank: 2000 }).where('id', 'in', [spammer.id, bystander.id]).execute();
    adminQuestion = (await post<{ id: string }>('/question', questionBody(), s.admin.token)).id;
    spamQuestion = (await post<{ id: string }>('/question', questionBody(), spammer.token)).id;
    await post(
      '/answer',
      { question_id: adminQuestion, content: 'Buy my product, it fixes everything.' },
      spammer.token,
    );
    spamAnswer = await answerOf(spammer.id, adminQuestion);
    await post('/answer', { question_id: spamQuestion, content: 'This is a genuine answer to it.' }, bystander.token);
    bystanderAnswer = await answerOf(bystander.id, spamQuestion);
    await post('/comment', { object_id: adminQuestion, original_text: 'Spam comment on the question.' }, spammer.token);
    await post('/comment', { object_id: spamAnswer, original_text: 'Spam comment on my own answer.' }, spammer.token);
    await post(
      '/comment',
      { object_id: spamQuestion, original_text: 'A fair comment by someone else.' },
      bystander.token,
    );
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('deleting with remove_all_content soft-deletes every post of the member, counts kept right', async () => {
    expect(await tagCount()).toBe(2);
    const adminQ = () =>
      s.db.selectFrom('question').selectAll().where('id', '=', adminQuestion).executeTakeFirstOrThrow();
    expect((await adminQ()).answer_count).toBe(1);
    const res = await s.admin$('PUT', '/user/status', {
      user_id: String(spammer.id),
      status: 'deleted',
      remove_all_content: true,
    });
    expect(res.status).toBe(200);
    expect(await status('question', spamQuestion)).toBe(10);
    expect(await status('answer', spamAnswer)).toBe(10);
    const comments = await s.db.selectFrom('comment').select('status').where('user_id', '=', spammer.id).execute();
    expect(comments.map((c) => c.status)).toEqual([10, 10]);
    expect(await tagCount()).toBe(1);
    expect((await adminQ()).answer_count).toBe(0);
    expect(await userRow(s.db, spammer.id)).toMatchObject({ question_count: 0, answer_count: 0, status: 10 });
    // Someone else's answer under the deleted question is theirs still.
    expect(await status('answer', bystanderAnswer)).toBe(1);
    const visitor = await s.call({ method: 'GET', url: `${API}/question/info?id=${spamQuestion}` });
    expect(visitor.status).toBe(404);
  });

  it('purges deleted answers with their comments and rows', async () => {
    const res = await s.admin$('DELETE', '/delete/permanently', { type: 'answers' });
    expect(res.status).toBe(200);
    expect(await status('answer', spamAnswer)).toBeUndefined();
    expect(await count('comment', 'object_id', spamAnswer)).toBe(0);
    expect(await count('activity', 'object_id', spamAnswer)).toBe(0);
    expect(await status('answer', bystanderAnswer)).toBe(1);
    expect(await status('question', spamQuestion)).toBe(10);
  });

  it('purges deleted questions with every answer, comment and link they had', async () => {
    const before = (await userRow(s.db, bystander.id)).answer_count;
    const res = await s.admin$('DELETE', '/delete/permanently', { type: 'questions' });
    expect(res.status).toBe(200);
    expect(await status('question', spamQuestion)).toBeUndefined();
    expect(await status('answer', bystanderAnswer)).toBeUndefined();
    expect((await userRow(s.db, bystander.id)).answer_count).toBe(before - 1);
    for (const [table, column] of [
      ['comment', 'question_id'],
      ['tag_rel', 'object_id'],
      ['activity', 'original_object_id'],
      ['revision', 'object_id'],
    ] as const) {
      expect(await count(table, column, spamQuestion), table).toBe(0);
    }
    expect(await status('question', adminQuestion)).toBe(1);
  });

  it('purges deleted accounts that have nothing left, and keeps one whose posts are still up', async () => {
    const keeper = await s.member('keeper');
    await s.db.updateTable('user').set({ rank: 2000 }).where('id', '=', keeper.id).execute();
    await post('/question', questionBody(), keeper.token);
    await s.admin$('PUT', '/user/status', { user_id: String(keeper.id), status: 'deleted' });
    // The spammer had opened their inbox once.
    await s.db.insertInto('notification_seen').values({ user_id: spammer.id, type: 1, seen_at: 1 }).execute();
    const res = await s.admin$('DELETE', '/delete/permanently', { type: 'users' });
    expect(res.status).toBe(200);
    expect(await s.db.selectFrom('user').select('id').where('id', '=', spammer.id).executeTakeFirst()).toBeUndefined();
    expect((await userRow(s.db, keeper.id)).status).toBe(10);
    for (const [table, column] of USER_COLUMNS) {
      expect(await count(table, column, spammer.id), table).toBe(0);
      const dangling = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} t
        where not exists (select 1 from ${sql.table('user')} u where u.id = t.${sql.ref(column)})`.execute(s.db);
      expect(Number(dangling.rows[0]!.n), `${table}.${column}`).toBe(0);
    }
    const orphans = await sql<{ n: number }>`select count(*) as n from answer a
      where not exists (select 1 from question q where q.id = a.question_id)`.execute(s.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
    // The site still works for the others.
    expect((await s.call({ method: 'GET', url: `${API}/question/info?id=${adminQuestion}` })).status).toBe(200);
  });

  it('refuses an unknown kind and changes nothing', async () => {
    const res = await s.admin$('DELETE', '/delete/permanently', { type: 'tags' });
    expect(res.status).toBe(400);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});
