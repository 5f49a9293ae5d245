import type { PendingPostPage, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { queueSite, questionBody, text, type QueueSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('a rejected queued question on $label', (target) => {
  let s: QueueSite;

  beforeAll(async () => {
    s = await queueSite(target);
    await s.moderation({ queue_first_posts: 50 });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const tasks = async (objectId: string) =>
    (
      await s.call<PendingPostPage>({
        method: 'GET',
        url: `/review/pending/post/page?page=1&object_id=${objectId}`,
        as: 'mod',
      })
    ).body.data;
  const askWithAnswer = async () => {
    const asked = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: questionBody(),
      as: 'alice',
    });
    expect(asked.body.data.status).toBe(11);
    const answered = await s.call<{ info: { id: string; status: number } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: asked.body.data.id, content: text('my own answer') },
      as: 'alice',
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    return { questionId: asked.body.data.id, answerId: answered.body.data.info.id };
  };
  const review = (reviewId: number, status: 'approve' | 'reject') =>
    s.call({ method: 'PUT', url: '/review/pending/post', payload: { review_id: reviewId, status }, as: 'mod' });
  const answerStatus = async (id: string) =>
    Number((await s.db.selectFrom('answer').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);

  it('rejects the answers queued with it, settling their tasks', async () => {
    const { questionId, answerId } = await askWithAnswer();
    const answerTask = (await tasks(answerId)).list[0]!;
    expect(answerTask.reason).toBe('review.reason.question_queued');

    const rejected = await review((await tasks(questionId)).list[0]!.review_id, 'reject');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    expect(await answerStatus(answerId)).toBe(10);
    expect((await tasks(answerId)).count).toBe(0);
    const row = await s.db
      .selectFrom('review')
      .select(['status', 'reviewer_user_id'])
      .where('id', '=', answerTask.review_id)
      .executeTakeFirstOrThrow();
    expect({ status: Number(row.status), reviewer: Number(row.reviewer_user_id) }).toEqual({ status: 3, reviewer: 31 });
    // Reviewing the answer's task afterwards: already settled.
    const late = await review(answerTask.review_id, 'approve');
    expect(late.status).toBe(400);
    expect(late.body.reason).toBe('error.review.already_reviewed');
    // The answer is gone for its author too.
    const page = await s.call<{ list: unknown[] }>({
      method: 'GET',
      url: `/answer/page?question_id=${questionId}`,
      as: 'alice',
    });
    expect(JSON.stringify(page.body.data ?? null)).not.toContain(answerId);
  });

  it('an approved question leaves its queued answers waiting for their own review', async () => {
    const { questionId, answerId } = await askWithAnswer();
    expect((await review((await tasks(questionId)).list[0]!.review_id, 'approve')).status).toBe(200);
    expect(await answerStatus(answerId)).toBe(11);
    expect((await tasks(answerId)).count).toBe(1);
  });
});
