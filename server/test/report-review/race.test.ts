import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuestionOperationService } from '../../src/modules/question/operations';
import { ReportReviewService } from '../../src/modules/report/review';
import { testDatabases } from '../db/databases';
import { CLOSE, PEOPLE, reviewSite, type ReviewSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('parallel reviews of one flag on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** Exactly one success; every other answer the already-reviewed 400. */
  function onceApplied(results: Array<{ status: number; body: { reason: string } }>) {
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 400, body: { reason: 'error.review.already_reviewed' } });
  }

  it('the same deletion sent four times deletes once: one activity row, one notice', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const flag = await s.flag(a, 'carol');
    const results = await Promise.all(
      (['mod', 'admin', 'mod', 'admin'] as const).map((who) =>
        s.review({ flag_id: flag, operation_type: 'delete_post' }, who),
      ),
    );
    onceApplied(results);
    expect((await s.activities(a)).filter((x) => x.key === 'answer.deleted')).toHaveLength(1);
    const deleted = (await s.notices(a)).filter((n) => n.content.notification_action === 'your_answer_was_deleted');
    expect(deleted).toHaveLength(1);
    expect(await s.flagStatus(flag)).toBe(2);
  });

  it('different actions racing on one flag: exactly one of them applies', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    await s.flag(q, 'carol');
    const results = await Promise.all([
      s.review({ flag_id: flag, operation_type: 'close_post', close_type: CLOSE.communitySpecific }, 'mod'),
      s.review({ flag_id: flag, operation_type: 'unlist_post' }, 'admin'),
      s.review({ flag_id: flag, operation_type: 'ignore_report' }, 'mod'),
      s.review({ flag_id: flag, operation_type: 'close_post', close_type: CLOSE.communitySpecific }, 'admin'),
    ]);
    onceApplied(results);
    const acts = (await s.activities(q)).filter((x) => x.key !== 'question.asked');
    const notes = await s.notices(q);
    const row = await s.db
      .selectFrom('question')
      .select(['status', 'show'])
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    const changed = Number(row.status) === 2 ? 'closed' : Number(row.show) === 2 ? 'unlisted' : 'none';
    if (changed === 'none') {
      expect(acts).toEqual([]);
      expect(notes).toEqual([]);
      expect(await s.flagStatus(flag)).toBe(3);
    } else {
      expect(Number(row.status) === 2 && Number(row.show) === 2).toBe(false);
      expect(acts).toHaveLength(1);
      expect(acts[0]!.key).toBe(changed === 'closed' ? 'question.closed' : 'question.hide');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.user_id).toBe(PEOPLE.alice.id);
      expect(await s.flagStatus(flag)).toBe(2);
    }
    const pending = await s.db
      .selectFrom('report')
      .select('id')
      .where('object_id', '=', q)
      .where('status', '=', 1)
      .execute();
    expect(pending).toEqual([]);
  });

  it('two flags on one object reviewed at once: the first settles both, the other is already reviewed', async () => {
    const q = await s.ask('alice');
    const c = await s.comment(q, 'bob');
    const first = await s.flag(c, 'carol');
    const second = await s.flag(c, 'alice');
    const results = await Promise.all([
      s.review({ flag_id: first, operation_type: 'delete_post' }, 'mod'),
      s.review({ flag_id: second, operation_type: 'delete_post' }, 'admin'),
    ]);
    onceApplied(results);
    expect(
      (await s.notices(c)).filter((n) => n.content.notification_action === 'your_comment_was_deleted'),
    ).toHaveLength(1);
    expect([await s.flagStatus(first), await s.flagStatus(second)]).toEqual([2, 2]);
  });

  it('a review that lands between the check and the action rolls the action back', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    const { posts, operations, answers, comments, reasons, reportReview } = s.services;
    const mod = { userId: PEOPLE.mod.id, roleId: 3, permit: async () => {}, t: (key: string) => key };
    // Another moderator ignores the flag after this review checked it and before it unlists.
    const late = {
      operate: async (...args: Parameters<QuestionOperationService['operate']>) => {
        await reportReview.review(
          { ...mod, userId: PEOPLE.admin.id },
          { flag_id: flag, operation_type: 'ignore_report' },
        );
        return operations.operate(...args);
      },
    } as unknown as QuestionOperationService;
    const racing = new ReportReviewService(s.db, { posts, operations: late, answers, comments, reasons });
    await expect(racing.review(mod, { flag_id: flag, operation_type: 'unlist_post' })).rejects.toMatchObject({
      reason: 'error.review.already_reviewed',
    });
    const row = await s.db.selectFrom('question').select('show').where('id', '=', q).executeTakeFirstOrThrow();
    expect(Number(row.show)).toBe(1);
    expect((await s.activities(q)).map((x) => x.key)).toEqual(['question.asked']);
    expect(await s.notices(q)).toEqual([]);
    expect(await s.flagStatus(flag)).toBe(3);
  });
});
