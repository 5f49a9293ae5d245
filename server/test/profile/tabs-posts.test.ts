import type {
  PersonalUserInfo,
  QaTop,
  UserAnswerPage,
  UserCommentPage,
  UserQuestionPage,
} from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reader, writtenTabs, type Person, type Site, type TabIds } from './tab-writes';

/**
 * The profile's counts and its Questions, Answers and Comments tabs after real writes through the HTTP API
 * (test/profile/tab-writes.ts): every tab shows exactly those rows, with the reputation deltas of
 * docs/product-rules.md. Deleted, hidden and cancelled things do not show.
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('profile tabs of posts after writes through the API on $label', (target) => {
  let s: Site;
  let ids: TabIds;
  const read = reader(() => s);

  beforeAll(async () => {
    ({ site: s, ids } = await writtenTabs(target));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('personal/user/info: reputation after its deltas, question and answer counts', async () => {
    const info = (name: Person) => read<PersonalUserInfo>(`/personal/user/info?username=${name}`);
    // alice: +10 (q1 voted up), +10 (q3 voted up), −2 (q2 voted down), +2 (accepting); bob's vote on
    // q2 was taken back. Unlisting q3 takes nothing away.
    expect(await info('alice')).toMatchObject({ rank: 120, question_count: 3, answer_count: 0 });
    // bob: +10 (a1 voted up), +10 (a3 voted up, then deleted: the points stay), +15 (a1 accepted).
    expect(await info('bob')).toMatchObject({ rank: 135, question_count: 0, answer_count: 1 });
    // carol: −2 (a2 voted down).
    expect(await info('carol')).toMatchObject({ rank: 98, question_count: 0, answer_count: 1 });
    // dave: −1 for down-voting an answer, 0 for a question.
    expect(await info('dave')).toMatchObject({ rank: 299, question_count: 0, answer_count: 0 });
    // frank: +15 (accepted) and +10 (voted up) both taken back, −2 (voted down).
    expect(await info('frank')).toMatchObject({ rank: 98, answer_count: 2 });
    expect(await info('gina')).toMatchObject({ rank: 115, answer_count: 1 });
    expect(await info('hank')).toMatchObject({ rank: 299 });
  });

  it('personal/question/page: the listed questions to others, the unlisted one to its author and staff too', async () => {
    const page = (as?: Person) => read<UserQuestionPage>('/personal/question/page?username=alice', as);
    for (const viewer of [undefined, 'erin', 'bob'] as const) {
      const others = await page(viewer);
      expect(others.count).toBe(2);
      expect(others.list.map((q) => q.question_id)).toEqual([ids.q2, ids.q1]);
    }
    const own = await page('alice');
    expect(own.count).toBe(3);
    expect(own.list.map((q) => [q.question_id, q.show])).toEqual([
      [ids.q3, 2],
      [ids.q2, 1],
      [ids.q1, 1],
    ]);
    expect((await page('mod')).count).toBe(3);
    const [q2, q1] = (await page('erin')).list;
    expect(q1).toMatchObject({
      title: 'How do profile tabs count votes?',
      vote_count: 1,
      answer_count: 2,
      collection_count: 1,
      accepted_answer_id: ids.a1,
      status: 1,
      tags: [expect.objectContaining({ slug_name: 'support' })],
    });
    // The deleted answer no longer counts; the taken-back vote neither.
    expect(q2).toMatchObject({ vote_count: -1, answer_count: 0, collection_count: 1, accepted_answer_id: '0' });
  });

  it('personal/answer/page: the deleted answer is gone for everyone, the accepted one is marked', async () => {
    for (const viewer of [undefined, 'erin', 'bob', 'mod'] as const) {
      const page = await read<UserAnswerPage>('/personal/answer/page?username=bob', viewer);
      expect(page.count).toBe(1);
      expect(page.list).toEqual([
        expect.objectContaining({
          answer_id: ids.a1,
          question_id: ids.q1,
          accepted: 2,
          vote_count: 1,
          question_info: expect.objectContaining({ title: 'How do profile tabs count votes?' }),
        }),
      ]);
    }
    const carol = await read<UserAnswerPage>('/personal/answer/page?username=carol');
    expect(carol.list.map((a) => [a.answer_id, a.accepted, a.vote_count])).toEqual([[ids.a2, 1, -1]]);
  });

  it('personal/answer/page: an answer to an unlisted question shows only to those who see the question', async () => {
    const frank = async (as?: Person) => {
      const page = await read<UserAnswerPage>('/personal/answer/page?username=frank', as);
      expect(page.count).toBe(page.list.length);
      return page.list.map((a) => [a.answer_id, a.accepted, a.vote_count]);
    };
    // Accepted, then not: the acceptance moved to gina's answer; up then down: one down vote.
    expect(await frank('erin')).toEqual([[ids.a4, 1, -1]]);
    expect(await frank('frank')).toEqual([[ids.a4, 1, -1]]);
    expect(await frank('alice')).toEqual([
      [ids.a6, 1, 0],
      [ids.a4, 1, -1],
    ]);
    expect(await frank('mod')).toEqual([
      [ids.a6, 1, 0],
      [ids.a4, 1, -1],
    ]);
    const gina = await read<UserAnswerPage>('/personal/answer/page?username=gina', 'erin');
    expect(gina.list.map((a) => [a.answer_id, a.accepted])).toEqual([[ids.a5, 2]]);
  });

  it('personal/qa/top: the best-scored questions and answers the viewer may see', async () => {
    const alice = await read<QaTop>('/personal/qa/top?username=alice', 'erin');
    expect(alice.question.map((q) => [q.question_id, q.vote_count])).toEqual([
      [ids.q1, 1],
      [ids.q2, -1],
    ]);
    expect(alice.answer).toEqual([]);
    const bob = await read<QaTop>('/personal/qa/top?username=bob', 'erin');
    expect(bob.question).toEqual([]);
    expect(bob.answer.map((a) => [a.answer_id, a.accepted])).toEqual([[ids.a1, 2]]);
    const own = await read<QaTop>('/personal/qa/top?username=alice', 'alice');
    expect(own.question.map((q) => q.question_id).sort()).toEqual([ids.q1, ids.q2, ids.q3].sort());
  });

  it('personal/comment/page: live comments only, on questions and answers', async () => {
    const carol = await read<UserCommentPage>('/personal/comment/page?username=carol', 'erin');
    expect(carol.count).toBe(1);
    expect(carol.list).toEqual([
      expect.objectContaining({
        comment_id: ids.c1,
        object_id: ids.q1,
        question_id: ids.q1,
        answer_id: '',
        object_type: 'question',
        title: 'How do profile tabs count votes?',
      }),
    ]);
    expect(carol.list[0]!.content).toContain('Good question, I wondered too.');
    // Not even to its author: a deleted comment is gone.
    expect((await read<UserCommentPage>('/personal/comment/page?username=carol', 'carol')).count).toBe(1);
    const bob = await read<UserCommentPage>('/personal/comment/page?username=bob');
    expect(bob.list.map((c) => [c.comment_id, c.object_type, c.answer_id, c.question_id])).toEqual([
      [ids.c2, 'answer', ids.a1, ids.q1],
    ]);
    // frank's comment is on the unlisted q3.
    for (const viewer of [undefined, 'erin', 'frank'] as const)
      expect((await read<UserCommentPage>('/personal/comment/page?username=frank', viewer)).count).toBe(0);
    expect(
      (await read<UserCommentPage>('/personal/comment/page?username=frank', 'alice')).list.map((c) => c.comment_id),
    ).toEqual([ids.c4]);
  });
});
