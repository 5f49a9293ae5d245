import type { AnswerInfo, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { editsSite, posting, type EditsSite } from '../review-edits/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** The flag reason "spam", offered for questions and answers. */
const SPAM = 57;

/**
 * A post the viewer has flagged says so (`reported`) and offers no second flag while the flag waits,
 * on every read of the post: after a reload too, since it comes with the post.
 */
describe.each(available)('a flagged post as its flagger reads it on $label', (target) => {
  let s: EditsSite;
  let p: ReturnType<typeof posting>;

  beforeAll(async () => {
    s = await editsSite(target);
    p = posting(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const question = (id: string, as: 'newbie' | 'editor') =>
    s.call<QuestionInfo>({ url: `/question/info?id=${id}`, as }).then((r) => r.body.data);
  const answer = async (questionId: string, id: string, as: 'newbie' | 'editor') =>
    (await s.call<{ list: AnswerInfo[] }>({ url: `/answer/page?question_id=${questionId}`, as })).body.data.list.find(
      (a) => a.id === id,
    )!;
  const flag = (id: string) =>
    s.call({ method: 'POST', url: '/report', payload: { object_id: id, report_type: SPAM }, as: 'newbie' });
  const actions = (list: { action: string }[]) => list.map((a) => a.action);

  it('a flagged question and answer are reported to their flagger, without a Flag action', async () => {
    const q = await p.question();
    const answerId = await p.answer(q.id);
    expect((await question(q.id, 'newbie')).reported).toBe(false);
    expect(actions((await question(q.id, 'newbie')).member_actions)).toContain('report');
    expect((await answer(q.id, answerId, 'newbie')).reported).toBe(false);

    expect((await flag(q.id)).status).toBe(200);
    expect((await flag(answerId)).status).toBe(200);

    const flaggedQuestion = await question(q.id, 'newbie');
    expect(flaggedQuestion.reported).toBe(true);
    expect(actions(flaggedQuestion.member_actions)).not.toContain('report');
    const flaggedAnswer = await answer(q.id, answerId, 'newbie');
    expect(flaggedAnswer.reported).toBe(true);
    expect(actions(flaggedAnswer.member_actions)).not.toContain('report');

    // Someone else still may flag it.
    const other = await question(q.id, 'editor');
    expect(other.reported).toBe(false);
    expect(actions(other.member_actions)).toContain('report');
  });
});
