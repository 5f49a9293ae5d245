import { encodeShortId } from '@agora/shared-api/short-id';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionBody } from '../question/helpers';
import { fullSite, type FullSite } from './site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type Data = Record<string, unknown> & { list?: Record<string, unknown>[] };
const short = (id: string) => encodeShortId(id)!;

describe.each(available)('short ids on $label', (target) => {
  let s: FullSite;
  let questionId: string;
  let answerId: string;
  let commentId: string;

  const permalink = async (mode: number) =>
    s.settings.set('seo', { ...(await s.settings.get('seo')), permalink: mode });
  const get = async (url: string, as?: 'alice' | 'bob' | 'rich') => {
    const res = await s.call<Data>({ method: 'GET', url, as });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await fullSite(target);
    const asked = await s.call<Data>({ method: 'POST', url: '/question', payload: questionBody(), as: 'alice' });
    expect(asked.status).toBe(200);
    questionId = asked.body.data.id as string;
    const answered = await s.call<{ info: Data }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: questionId, content: 'An answer long enough to count.' },
      as: 'bob',
    });
    expect(answered.status).toBe(200);
    answerId = answered.body.data.info.id as string;
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('accepts both forms as input and writes long ids with permalink 1 and 2', async () => {
    expect(questionId).toMatch(/^1001\d{13}$/);
    expect(answerId).toMatch(/^1002\d{13}$/);
    await permalink(2);
    expect((await get(`/question/info?id=${short(questionId)}`)).id).toBe(questionId);
    expect((await get(`/answer/info?id=${short(answerId)}`)).info).toMatchObject({ id: answerId });
    // A comment posted on the answer's short id lands on the answer.
    const commented = await s.call<Data>({
      method: 'POST',
      url: '/comment',
      payload: { object_id: short(answerId), original_text: 'A comment on the answer.' },
      as: 'alice',
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    expect(commented.body.data.object_id).toBe(answerId);
    commentId = commented.body.data.comment_id as string;
    expect(commentId).toMatch(/^1007\d{13}$/);
    await permalink(1);
    expect((await get(`/answer/page?question_id=${questionId}`)).list![0]).toMatchObject({
      id: answerId,
      question_id: questionId,
    });
  });

  it.each([3, 4])('writes question and answer ids short with permalink %i', async (mode) => {
    await permalink(mode);
    const q = short(questionId);
    const a = short(answerId);

    const info = await get(`/question/info?id=${questionId}`, 'bob');
    expect(info).toMatchObject({ id: q, url_title: expect.any(String) });
    expect(info.user_info).toMatchObject({ id: '11', username: 'alice' });
    expect((await get(`/question/info?id=${q}`)).id).toBe(q);

    const list = await get('/question/page?page=1&page_size=50&order=newest');
    expect(list.list!.find((item) => item.id === q)).toMatchObject({ id: q, title: expect.any(String) });
    expect(list.list!.every((item) => !String(item.id).startsWith('1001'))).toBe(true);

    const answers = await get(`/answer/page?question_id=${q}`);
    expect(answers.list![0]).toMatchObject({ id: a, question_id: q });
    expect((answers.list![0]!.user_info as Data).id).toBe('12');

    const one = await get(`/answer/info?id=${a}`);
    expect(one.info).toMatchObject({ id: a, question_id: q });
    expect(one.question).toMatchObject({ id: q });

    // Comment ids stay long; the object they are on is written short.
    const comments = await get(`/comment/page?object_id=${a}`);
    expect(comments.list![0]).toMatchObject({ comment_id: commentId, object_id: a, user_id: '11' });
    expect(await get(`/comment?id=${commentId}`)).toMatchObject({ comment_id: commentId, object_id: a });

    expect((await get('/personal/question/page?username=alice&page=1&page_size=10')).list![0]).toMatchObject({
      question_id: q,
    });
    expect((await get('/personal/answer/page?username=bob&page=1&page_size=10')).list![0]).toMatchObject({
      answer_id: a,
      question_id: q,
    });
    expect((await get('/personal/comment/page?username=alice&page=1&page_size=10')).list![0]).toMatchObject({
      comment_id: commentId,
      object_id: a,
      question_id: q,
      answer_id: a,
    });
    const top = await get('/personal/qa/top?username=bob');
    expect((top.answer as Data[])[0]).toMatchObject({ answer_id: a, question_id: q });

    // Writes take short ids: a vote, an edit, an acceptance.
    const vote = await s.call({ method: 'POST', url: '/vote/up', payload: { object_id: a }, as: 'rich' });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    const vote2 = await s.call({
      method: 'POST',
      url: '/vote/up',
      payload: { object_id: a, is_cancel: true },
      as: 'rich',
    });
    expect(vote2.status).toBe(200);
    const accept = await s.call({
      method: 'POST',
      url: '/answer/acceptance',
      payload: { question_id: q, answer_id: a },
      as: 'alice',
    });
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    expect((await get(`/question/info?id=${q}`)).accepted_answer_id).toBe(a);
    const unaccept = await s.call({
      method: 'POST',
      url: '/answer/acceptance',
      payload: { question_id: q },
      as: 'alice',
    });
    expect(unaccept.status).toBe(200);
  });

  it('answers 404 for a short id of nothing, and leaves garbage to validation', async () => {
    await permalink(3);
    const missing = await s.call({ method: 'GET', url: `/question/info?id=${short('10019999999999999')}` });
    expect(missing.status).toBe(404);
    const answerAsQuestion = await s.call({ method: 'GET', url: `/question/info?id=${short(answerId)}` });
    expect(answerAsQuestion.status).toBe(404);
    const garbage = await s.call({ method: 'GET', url: '/question/info?id=not-an-id!' });
    expect([400, 404]).toContain(garbage.status);
  });

  it('goes back to long ids when the permalink is switched back', async () => {
    await permalink(2);
    expect((await get(`/question/info?id=${short(questionId)}`)).id).toBe(questionId);
    expect((await get(`/answer/page?question_id=${short(questionId)}`)).list![0]!.id).toBe(answerId);
  });
});
