import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoAccount } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { demoProfileReads, pagedList, V1 } from './demo-reads';
import type { ProfileSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(available)('personal post lists on $label', (target) => {
  let s: ProfileSite;
  let members: DemoAccount[];
  const all = pagedList(() => s);

  beforeAll(async () => {
    ({ site: s, members } = await demoProfileReads(target));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('personal/question/page: anonymous visitors see listed open/closed questions only; the author also unlisted ones', async () => {
    const hidden = await s.db
      .selectFrom('question')
      .select(['id', 'user_id', 'title', 'status', 'show'])
      .where((eb) => eb.or([eb('status', '=', 10), eb('show', '=', 2)]))
      .execute();
    expect(hidden.length).toBeGreaterThan(0);
    for (const q of hidden) {
      const owner = await s.db
        .selectFrom('user')
        .select(['username', 'e_mail'])
        .where('id', '=', q.user_id)
        .executeTakeFirstOrThrow();
      const visible = await s.db
        .selectFrom('question')
        .select('id')
        .where('user_id', '=', q.user_id)
        .where('status', 'in', [1, 2])
        .where('show', '=', 1)
        .execute();
      const list = await all<{ question_id: string; title: string }>(
        `${V1}/personal/question/page?username=${owner.username}`,
      );
      expect(list.map((i) => i.question_id).sort()).toEqual(visible.map((v) => v.id).sort());
      expect(list.map((i) => i.question_id)).not.toContain(q.id);
      const top = await s.call({ method: 'GET', url: `${V1}/personal/qa/top?username=${owner.username}` });
      expect(JSON.stringify(top.body)).not.toContain(q.id);
      if (q.status !== 10 && q.show === 2 && owner.e_mail !== 'ada@example.com') {
        let token: string | undefined;
        try {
          token = await s.token(owner.e_mail);
        } catch {
          token = undefined; // suspended or inactive owner
        }
        if (token) {
          const own = await all<{ question_id: string }>(
            `${V1}/personal/question/page?username=${owner.username}`,
            token,
          );
          expect(own.map((i) => i.question_id)).toContain(q.id);
        }
      }
    }
  });

  it('personal/question/page orders: newest by creation, score by votes', async () => {
    const author = await s.db
      .selectFrom('question')
      .select((eb) => ['user_id', eb.fn.countAll().as('n')])
      .where('status', 'in', [1, 2])
      .groupBy('user_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const user = await s.db
      .selectFrom('user')
      .select('username')
      .where('id', '=', author.user_id)
      .executeTakeFirstOrThrow();
    const newest = await all<{ created_at: number }>(
      `${V1}/personal/question/page?username=${user.username}&order=newest`,
    );
    expect(newest.length).toBeGreaterThan(1);
    expect(newest.map((q) => q.created_at)).toEqual([...newest.map((q) => q.created_at)].sort((a, b) => b - a));
    const score = await all<{ vote_count: number }>(
      `${V1}/personal/question/page?username=${user.username}&order=score`,
    );
    expect(score.map((q) => q.vote_count)).toEqual([...score.map((q) => q.vote_count)].sort((a, b) => b - a));
    const bad = await s.call({
      method: 'GET',
      url: `${V1}/personal/question/page?username=${user.username}&order=nope`,
    });
    expect(bad.status).toBe(400);
  });

  it('personal/answer/page and comment/page never show deleted answers or comments to others', async () => {
    // Canaries: one answer and one comment of a member deleted, one comment left on a deleted question.
    const answer = await s.db
      .selectFrom('answer')
      .select(['id', 'user_id'])
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const comment = await s.db
      .selectFrom('comment')
      .select(['id', 'user_id'])
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const deletedQuestion = await s.db
      .selectFrom('question')
      .select('id')
      .where('status', '=', 10)
      .executeTakeFirstOrThrow();
    const onDeleted = await s.db
      .selectFrom('comment')
      .select(['id', 'user_id'])
      .where('status', '=', 1)
      .where('question_id', '!=', deletedQuestion.id)
      .where('id', '!=', comment.id)
      .executeTakeFirstOrThrow();
    const original = await s.db
      .selectFrom('comment')
      .select('question_id')
      .where('id', '=', onDeleted.id)
      .executeTakeFirstOrThrow();
    await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', answer.id).execute();
    await s.db.updateTable('comment').set({ status: 10 }).where('id', '=', comment.id).execute();
    await s.db.updateTable('comment').set({ question_id: deletedQuestion.id }).where('id', '=', onDeleted.id).execute();
    try {
      for (const row of [answer, comment, onDeleted]) {
        const owner = await s.db
          .selectFrom('user')
          .select('username')
          .where('id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        const answers = await all<{ answer_id: string }>(`${V1}/personal/answer/page?username=${owner.username}`);
        const comments = await all<{ comment_id: string }>(`${V1}/personal/comment/page?username=${owner.username}`);
        const stranger = await s.token(members.find((m) => m.id !== row.user_id)!.email);
        const seenByMember = await all<{ comment_id: string }>(
          `${V1}/personal/comment/page?username=${owner.username}`,
          stranger,
        );
        expect(answers.map((a) => a.answer_id)).not.toContain(row.id);
        expect(comments.map((c) => c.comment_id)).not.toContain(row.id);
        expect(seenByMember.map((c) => c.comment_id)).not.toContain(row.id);
        expect(comments.length).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await s.db.updateTable('answer').set({ status: 1 }).where('id', '=', answer.id).execute();
      await s.db.updateTable('comment').set({ status: 1 }).where('id', '=', comment.id).execute();
      await s.db
        .updateTable('comment')
        .set({ question_id: original.question_id })
        .where('id', '=', onDeleted.id)
        .execute();
    }
    const restoredOwner = await s.db
      .selectFrom('user')
      .select('username')
      .where('id', '=', comment.user_id)
      .executeTakeFirstOrThrow();
    const restored = await all<{ comment_id: string }>(
      `${V1}/personal/comment/page?username=${restoredOwner.username}`,
    );
    expect(restored.map((c) => c.comment_id)).toContain(comment.id);
    // And the lists are not empty for an active author.
    const member = members[0]!;
    const available = await s.db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .select('answer.id')
      .where('answer.user_id', '=', member.id)
      .where('answer.status', '=', 1)
      .where('question.status', 'in', [1, 2])
      .where('question.show', '=', 1)
      .execute();
    const answers = await all<{ answer_id: string; question_info: { title: string } }>(
      `${V1}/personal/answer/page?username=${member.username}`,
    );
    expect(answers.map((a) => a.answer_id).sort()).toEqual(available.map((a) => a.id).sort());
  });
});
