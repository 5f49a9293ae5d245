import type { AnswerPage, AnswerWithQuestion, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { postsSite, questionBody, PEOPLE, type Person, type PostsSite } from '../question/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let n = 0;
const text = () => `An answer that works, number ${++n}.`;

describe.each(available)('answers on $label', (target) => {
  let s: PostsSite;

  beforeAll(async () => {
    s = await postsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Person = 'alice'): Promise<string> {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  const answer = (question_id: string, content: string, as: Person = 'bob') =>
    s.call<AnswerWithQuestion>({ method: 'POST', url: '/answer', payload: { question_id, content }, as });
  const page = (id: string, order = '', as?: Person) =>
    s.call<AnswerPage>({ method: 'GET', url: `/answer/page?question_id=${id}${order ? `&order=${order}` : ''}`, as });

  it('stores the answer and updates the question and the author counts', async () => {
    const id = await asked();
    const content = 'Use **this** setting.';
    const res = await answer(id, content);
    expect(res.status).toBe(200);
    const { info, question } = res.body.data;
    expect(info).toMatchObject({ question_id: id, content, accepted: 1, status: 1, vote_count: 0 });
    expect(info.html).toContain('<strong>this</strong>');
    expect(info.user_info).toMatchObject({ username: 'bob' });
    expect(info.member_actions.map((a) => a.action)).toEqual(['report', 'edit', 'delete']);
    expect(question).toMatchObject({
      id,
      answer_count: 1,
      last_answer_id: info.id,
      answered: true,
      first_answer_id: info.id,
    });
    const user = await s.db
      .selectFrom('user')
      .select('answer_count')
      .where('id', '=', PEOPLE.bob.id)
      .executeTakeFirstOrThrow();
    expect(user.answer_count).toBeGreaterThanOrEqual(1);
    const revisions = await s.db.selectFrom('revision').select('object_id').where('object_id', '=', info.id).execute();
    expect(revisions).toHaveLength(1);
  });

  it('empty and short answers are refused with their messages', async () => {
    const id = await asked();
    const empty = await answer(id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer cannot be empty.' }]);
    const short = await answer(id, 'abc');
    expect(short.status).toBe(400);
    expect((short.body.data as unknown as { error_field: string }[])[0]!.error_field).toBe('content');
    const row = await s.db.selectFrom('question').select('answer_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.answer_count).toBe(0);
  });

  it('a closed or deleted question takes no answers', async () => {
    const id = await asked();
    await s.db.updateTable('question').set({ status: 2 }).where('id', '=', id).execute();
    const res = await answer(id, text());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      reason: 'error.answer.question_closed_cannot_add',
      msg: 'This question is closed or deleted: it cannot get new answers.',
    });
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', id).execute();
    expect((await answer(id, text(), 'mod')).body.reason).toBe('error.answer.question_closed_cannot_add');
    expect((await answer(id, text())).status).toBe(404);
    expect(await s.db.selectFrom('answer').select('id').where('question_id', '=', id).execute()).toEqual([]);
  });

  it('the duplicate guard refuses the same answer twice', async () => {
    const id = await asked();
    const content = text();
    expect((await answer(id, content, 'rich')).status).toBe(200);
    const again = await answer(id, content, 'rich');
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('base.duplicate_request_error');
  });

  it('orders: default = accepted, then votes, then oldest; updated = newest first', async () => {
    const id = await asked('mod');
    const ids: string[] = [];
    for (const who of ['alice', 'bob', 'rich', 'admin'] as const) {
      const res = await answer(id, text(), who);
      expect(res.status).toBe(200);
      ids.push(res.body.data.info.id);
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    // Distinct creation times, then: d accepted, c has 5 votes, a and b none.
    for (const [i, answerId] of ids.entries()) {
      await s.db
        .updateTable('answer')
        .set({ created_at: 1_700_000_000_000 + i * 1000 })
        .where('id', '=', answerId)
        .execute();
    }
    await s.db.updateTable('answer').set({ adopted: 2 }).where('id', '=', d).execute();
    await s.db.updateTable('answer').set({ vote_count: 5 }).where('id', '=', c).execute();
    expect((await page(id)).body.data.list.map((x) => x.id)).toEqual([d, c, a, b]);
    expect((await page(id, 'updated')).body.data.list.map((x) => x.id)).toEqual([d, c, b, a]);
    expect((await page(id, 'created')).body.data.list.map((x) => x.id)).toEqual([a, b, c, d]);
    expect((await page(id)).body.data.count).toBe(4);
  });

  it('deleted answers only for staff, pending ones only for their author and staff', async () => {
    const id = await asked('mod');
    const gone = (await answer(id, text(), 'alice')).body.data.info.id;
    const waiting = (await answer(id, text(), 'bob')).body.data.info.id;
    await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', gone).execute();
    await s.db.updateTable('answer').set({ status: 11 }).where('id', '=', waiting).execute();
    const visitor = await page(id);
    expect(visitor.body.data).toEqual({ count: 0, list: [] });
    expect(JSON.stringify(visitor.body)).not.toContain('An answer that works');
    expect((await page(id, '', 'rich')).body.data.count).toBe(0);
    expect((await page(id, '', 'bob')).body.data.list.map((x) => x.id)).toEqual([waiting]);
    expect((await page(id, '', 'alice')).body.data.list.map((x) => x.id)).toEqual([]);
    const staff = await page(id, '', 'mod');
    expect(staff.body.data.list.map((x) => x.id)).toEqual([gone, waiting]);
    expect(staff.body.data.list[0]!.member_actions.map((x) => x.action)).toEqual(['undelete']);
  });

  it('answers of a question the viewer may not see are 404', async () => {
    const id = await asked();
    await answer(id, text());
    await s.db.updateTable('question').set({ show: 2 }).where('id', '=', id).execute();
    const res = await page(id, '', 'rich');
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('error.question.not_found');
  });
});

describe.each(available)('DELETE answer on $label', (target) => {
  let s: PostsSite;

  beforeAll(async () => {
    s = await postsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function answered(): Promise<{ q: string; a: string }> {
    const q = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as: 'alice' });
    const a = await s.call<AnswerWithQuestion>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: q.body.data.id, content: text() },
      as: 'bob',
    });
    expect(a.status).toBe(200);
    return { q: q.body.data.id, a: a.body.data.info.id };
  }
  const remove = (id: string, as: Person) => s.call({ method: 'DELETE', url: '/answer', as, payload: { id } });
  const status = async (id: string) =>
    (await s.db.selectFrom('answer').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('others are 403; the owner deletes an answer without votes; the question count drops', async () => {
    const { q, a } = await answered();
    const other = await remove(a, 'alice');
    expect(other.status).toBe(403);
    expect(await status(a)).toBe(1);
    expect((await remove(a, 'bob')).status).toBe(200);
    expect(await status(a)).toBe(10);
    const question = await s.db
      .selectFrom('question')
      .select('answer_count')
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    expect(question.answer_count).toBe(0);
    expect((await s.call({ method: 'GET', url: `/answer/page?question_id=${q}`, as: 'alice' })).body.data).toEqual({
      count: 0,
      list: [],
    });
  });

  it('an upvoted or accepted answer is kept from its owner, not from staff', async () => {
    for (const change of [{ vote_count: 2 }, { adopted: 2 }]) {
      const { a } = await answered();
      await s.db.updateTable('answer').set(change).where('id', '=', a).execute();
      const res = await remove(a, 'bob');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reason: 'error.answer.cannot_deleted', msg: 'You cannot delete this answer.' });
      expect(await status(a)).toBe(1);
      expect((await remove(a, 'mod')).status).toBe(200);
      expect(await status(a)).toBe(10);
    }
  });
  it('GET answer/info: the answer with its question; a deleted one is 404 except to its author and staff', async () => {
    const { q, a } = await answered();
    const info = (as?: Person) => s.call<AnswerWithQuestion>({ method: 'GET', url: `/answer/info?id=${a}`, as });
    const visitor = await info();
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.info).toMatchObject({ id: a, question_id: q, member_actions: [] });
    expect(visitor.body.data.question.id).toBe(q);
    await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', a).execute();
    for (const viewer of [undefined, 'alice'] as const) {
      const res = await info(viewer);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ reason: 'error.answer.not_found', msg: 'Answer not found.' });
    }
    expect((await info('bob')).status).toBe(200);
    expect((await info('mod')).status).toBe(200);
    expect((await s.call({ method: 'GET', url: '/answer/info?id=10010000000000001' })).status).toBe(404);
  });
  it('PUT answer: the owner edits at once; a rep-1 member suggests an edit that waits', async () => {
    const { a } = await answered();
    const put = (as: Person, content: string) =>
      s.call<{ wait_for_review: boolean }>({ method: 'PUT', url: '/answer', as, payload: { id: a, content } });
    expect((await put('bob', '  ')).body.data).toEqual([
      { error_field: 'content', error_msg: 'Answer cannot be empty.' },
    ]);
    const own = await put('bob', 'Rewritten by **me**.');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ wait_for_review: false });
    const after = await s.db.selectFrom('answer').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ original_text: 'Rewritten by **me**.', last_edit_user_id: PEOPLE.bob.id });
    expect(after.parsed_text).toContain('<strong>me</strong>');
    // Reputation 1 (below answer.edit and without review): a suggestion that waits, the answer unchanged.
    expect((await put('alice', 'A suggested rewrite.')).body.data).toEqual({ wait_for_review: true });
    expect(await s.db.selectFrom('answer').selectAll().where('id', '=', a).executeTakeFirstOrThrow()).toEqual(after);
    expect((await put('bob', 'Another rewrite now.')).body.reason).toBe('error.answer.cannot_update');
  });
  it('acceptance: only the question owner (or staff); +15 / +2, given back on un-accept', async () => {
    const { q, a } = await answered();
    const rank = async (id: number) =>
      (await s.db.selectFrom('user').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank;
    const accept = (as: Person, answer_id: string) =>
      s.call({ method: 'POST', url: '/answer/acceptance', as, payload: { question_id: q, answer_id } });
    const [bob0, alice0] = [await rank(PEOPLE.bob.id), await rank(PEOPLE.alice.id)];
    const refused = await accept('bob', a);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.rank.fail_to_meet_the_condition');
    expect((await accept('alice', a)).status).toBe(200);
    expect(
      (await s.db.selectFrom('question').select('accepted_answer_id').where('id', '=', q).executeTakeFirstOrThrow())
        .accepted_answer_id,
    ).toBe(a);
    expect(await rank(PEOPLE.bob.id)).toBe(bob0 + 15);
    expect(await rank(PEOPLE.alice.id)).toBe(alice0 + 2);
    expect(
      (await s.call<AnswerPage>({ method: 'GET', url: `/answer/page?question_id=${q}` })).body.data.list[0]!.accepted,
    ).toBe(2);
    expect((await accept('alice', '')).status).toBe(200);
    expect(await rank(PEOPLE.bob.id)).toBe(bob0);
    expect(await rank(PEOPLE.alice.id)).toBe(alice0);
    expect(
      (await s.db.selectFrom('answer').select('adopted').where('id', '=', a).executeTakeFirstOrThrow()).adopted,
    ).toBe(1);
  });
  it('POST question/answer asks and answers at once; an empty answer stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await s.db
            .selectFrom('question')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const empty = await s.call({
      method: 'POST',
      url: '/question/answer',
      as: 'alice',
      payload: { ...questionBody(), answer_content: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ error_field: 'content', error_msg: 'Answer cannot be empty.' }]);
    expect(await count()).toBe(before);
    const res = await s.call<AnswerWithQuestion>({
      method: 'POST',
      url: '/question/answer',
      as: 'alice',
      payload: { ...questionBody(), answer_content: 'I found it myself: restart.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.question).toMatchObject({ answer_count: 1, user_info: { username: 'alice' } });
    expect(res.body.data.info).toMatchObject({
      question_id: res.body.data.question.id,
      content: 'I found it myself: restart.',
    });
  });
});
