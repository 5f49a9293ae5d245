import { encodeShortId } from '@agora/shared-api/short-id';
import type {
  FlaggedPostPage,
  PendingPostPage,
  QuestionInfo,
  UnreviewedRevisionPage,
} from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { queueSite, questionBody, text, type QueueSite } from '../review-queue/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const short = (id: string) => encodeShortId(id)!;
/** The config id of the flag reason 'spam' (questions and answers). */
const SPAM_ANSWER = 57;

describe.each(available)('short ids in the review queues on $label', (target) => {
  let s: QueueSite;
  let questionId: string;
  let answerId: string;

  beforeAll(async () => {
    s = await queueSite(target);
    const asked = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as: 'bob' });
    questionId = asked.body.data.id;
    const answered = await s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: questionId, content: text('an answer') },
      as: 'bob',
    });
    answerId = answered.body.data.info.id;
    const settings = s.services.settings;
    await settings.set!('seo', { ...(await settings.get('seo')), permalink: 3 });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('queued posts: the post, its question and answer are written short', async () => {
    await s.moderation({ queue_first_posts: 50 });
    const asked = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: questionBody(),
      as: 'alice',
    });
    const queued = await s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: short(questionId), content: text('a queued answer') },
      as: 'alice',
    });
    await s.moderation({ queue_first_posts: 0 });
    expect(asked.body.data.id).not.toMatch(/^1001/);
    const page = await s.call<PendingPostPage>({ method: 'GET', url: '/review/pending/post/page?page=2', as: 'mod' });
    const task = page.body.data.list[0]!;
    expect(task).toMatchObject({
      object_type: 'answer',
      object_id: queued.body.data.info.id,
      question_id: short(questionId),
    });
    expect(task.object_id).toMatch(/^[0-9A-Za-z]{1,12}$/);
    expect(task.answer_id).toBe(task.object_id);
  });

  it('flags: the flagged post and its question are written short', async () => {
    const flagged = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: short(answerId), report_type: SPAM_ANSWER },
      as: 'alice',
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    const page = await s.call<FlaggedPostPage>({ method: 'GET', url: '/report/unreviewed/post?page=1', as: 'mod' });
    expect(page.body.data.list[0]).toMatchObject({
      object_id: short(answerId),
      question_id: short(questionId),
      answer_id: short(answerId),
    });
  });

  it('suggested edits: the object and its question are written short', async () => {
    // Enough reputation to suggest edits (question.edit, answer.edit), not to apply them at once.
    await s.db.updateTable('user').set({ rank: 500 }).where('id', '=', 32).execute();
    const suggested = await s.call({
      method: 'PUT',
      url: '/answer',
      payload: {
        id: short(answerId),
        question_id: short(questionId),
        content: text('a better answer'),
        edit_summary: 'clearer',
      },
      as: 'alice',
    });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    const page = await s.call<UnreviewedRevisionPage>({
      method: 'GET',
      url: '/revisions/unreviewed?page=1',
      as: 'mod',
    });
    const task = page.body.data.list[0]!;
    expect(task.info).toMatchObject({
      object_id: short(answerId),
      question_id: short(questionId),
      answer_id: short(answerId),
    });
    expect(task.unreviewed_info.object_id).toBe(short(answerId));
  });

  it("the admin's flag list (reports/page) writes the flagged posts short too", async () => {
    const page = await s.call<{ list: Array<Record<string, unknown>> }>({
      method: 'GET',
      url: '/reports/page?page=1&page_size=20',
      as: 'admin',
      admin: true,
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const flag = page.body.data.list.find((f) => f.object_type === 'answer')!;
    expect(flag).toMatchObject({
      object_id: short(answerId),
      question_id: short(questionId),
      answer_id: short(answerId),
    });
  });
});
