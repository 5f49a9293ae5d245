import type { VoteResp } from '@agora/shared-api/contract';
import { describe, expect, it, vi } from 'vitest';
import { verifyCounters } from '../../src/demo/verify';
import { writeTransaction } from '../../src/db/transaction';
import { applyReputation, cancelReputation } from '../../src/modules/reputation';
import { testDatabases } from '../db/databases';
import { NOW, useVoteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 86_400_000;

describe.each(available)('votes, bookmarks and follows on $label', (target) => {
  let clock = NOW;
  const s = useVoteSite(target, () => clock);

  const vote = (userId: number | null, direction: 'up' | 'down', objectId: string, isCancel = false) =>
    s.call<VoteResp>(userId, {
      method: 'POST',
      url: `/answer/api/v1/vote/${direction}`,
      payload: { object_id: objectId, is_cancel: isCancel },
    });

  const voteCount = async (table: 'question' | 'answer' | 'comment', id: string) =>
    Number(
      (await s.db.selectFrom(table).select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count,
    );

  /** The user's activity rows on an object: [config key, rank, has_rank, cancelled]. */
  const rows = async (userId: number, objectId: string) =>
    (
      await s.db
        .selectFrom('activity')
        .innerJoin('config', 'config.id', 'activity.activity_type')
        .select(['config.key', 'activity.rank', 'activity.has_rank', 'activity.cancelled'])
        .where('activity.user_id', '=', userId)
        .where('activity.object_id', '=', objectId)
        .orderBy('activity.id')
        .execute()
    ).map((r) => [r.key, Number(r.rank), Number(r.has_rank), Number(r.cancelled)]);

  it('votes a question up, ignores the same vote again, switches to down and cancels', async () => {
    const author = await s.member(50);
    const voter = await s.member(200);
    const q = await s.question(author);

    const up = await vote(voter, 'up', q);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await voteCount('question', q)).toBe(1);
    expect(await s.rank(author)).toBe(60);
    expect(await s.rank(voter)).toBe(200);
    expect(await rows(voter, q)).toEqual([['question.vote_up', 0, 0, 0]]);
    expect(await rows(author, q)).toEqual([['question.voted_up', 10, 1, 0]]);

    // The same direction again without is_cancel changes nothing.
    const again = await vote(voter, 'up', q);
    expect(again.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await s.rank(author)).toBe(60);

    // Down while holding up: the up vote is cancelled (its +10 given back), the down vote counts.
    const down = await vote(voter, 'down', q);
    expect(down.body.data).toEqual({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
    expect(await voteCount('question', q)).toBe(-1);
    expect(await s.rank(author)).toBe(48);
    expect(await rows(author, q)).toEqual([
      ['question.voted_up', 10, 1, 1],
      ['question.voted_down', -2, 1, 0],
    ]);

    // Up while holding down: the down vote is cancelled and the up vote counts.
    const back = await vote(voter, 'up', q);
    expect(back.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await s.rank(author)).toBe(60);

    // is_cancel on the held direction takes it back; on the other direction it changes nothing.
    const wrong = await vote(voter, 'down', q, true);
    expect(wrong.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    const cancel = await vote(voter, 'up', q, true);
    expect(cancel.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
    expect(await voteCount('question', q)).toBe(0);
    expect(await s.rank(author)).toBe(50);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('charges a down vote on an answer to the voter (−1) and the author (−2), and gives both back', async () => {
    const asker = await s.member(10);
    const author = await s.member(30);
    const voter = await s.member(300);
    const q = await s.question(asker);
    const a = await s.answer(q, author);

    const down = await vote(voter, 'down', a);
    expect(down.body.data).toEqual({ up_votes: 0, down_votes: 1, votes: -1, vote_status: 'vote_down' });
    expect(await voteCount('answer', a)).toBe(-1);
    expect(await s.rank(voter)).toBe(299);
    expect(await s.rank(author)).toBe(28);
    expect(await rows(voter, a)).toEqual([['answer.vote_down', -1, 1, 0]]);

    const cancel = await vote(voter, 'down', a, true);
    expect(cancel.body.data.vote_status).toBe('');
    expect(await s.rank(voter)).toBe(300);
    expect(await s.rank(author)).toBe(30);
    expect(await rows(voter, a)).toEqual([['answer.vote_down', -1, 1, 1]]);

    const up = await vote(voter, 'up', a);
    expect(up.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await s.rank(author)).toBe(40);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('votes a comment up (no reputation) and refuses a comment down vote', async () => {
    const author = await s.member(5);
    const voter = await s.member(1);
    const q = await s.question(author);
    const c = await s.comment(q, q, author);

    const up = await vote(voter, 'up', c);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toEqual({ up_votes: 1, down_votes: 0, votes: 1, vote_status: 'vote_up' });
    expect(await voteCount('comment', c)).toBe(1);
    expect(await s.rank(author)).toBe(5);
    expect(await rows(voter, c)).toEqual([['comment.vote_up', 0, 0, 0]]);

    const down = await vote(voter, 'down', c);
    expect(down.status).toBe(400);
    expect(down.body.reason).toBe('error.vote.comment_down_not_allowed');
    expect(await voteCount('comment', c)).toBe(1);

    const cancel = await vote(voter, 'up', c, true);
    expect(cancel.body.data).toEqual({ up_votes: 0, down_votes: 0, votes: 0, vote_status: '' });
    expect(await voteCount('comment', c)).toBe(0);
  });

  it("refuses a vote on one's own post with a toast", async () => {
    const author = await s.member(500);
    const q = await s.question(author);
    const a = await s.answer(q, author);
    for (const [direction, id] of [
      ['up', q],
      ['down', a],
    ] as const) {
      const res = await vote(author, direction, id);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.object.disallow_vote_your_self');
      expect(res.body.msg).toBe("You can't vote for your own post.");
      expect(res.body.data).toEqual({ err_type: 'toast' });
    }
    expect(await voteCount('question', q)).toBe(0);
    expect(await rows(author, q)).toEqual([]);
  });

  it('needs the level-2 reputation: 8 to vote up, 125 to vote down (staff always may)', async () => {
    const author = await s.member(20);
    const q = await s.question(author);
    const a = await s.answer(q, author);
    const newcomer = await s.member(1);
    const seven = await s.member(7);
    const eight = await s.member(8);
    const low = await s.member(124);
    const enough = await s.member(125);
    const moderator = await s.member(1, { roleId: 3 });

    for (const [user, direction, id, status] of [
      [newcomer, 'up', q, 403],
      [seven, 'up', a, 403],
      [eight, 'up', q, 200],
      [low, 'down', q, 403],
      [low, 'down', a, 403],
      [enough, 'down', a, 200],
      [moderator, 'down', q, 200],
    ] as const) {
      const res = await vote(user, direction, id);
      expect(res.status, `${user} ${direction}: ${JSON.stringify(res.body)}`).toBe(status);
      if (status === 403) {
        expect(res.body.reason).toBe('error.rank.no_enough_rank_to_operate');
        expect(res.body.msg).toContain(direction === 'up' ? '8' : '125');
        expect(res.body.data).toMatchObject({ err_type: 'toast' });
      }
    }
    expect(await voteCount('question', q)).toBe(0);
    expect(await voteCount('answer', a)).toBe(-1);
    expect(await s.rank(newcomer)).toBe(1);
  });

  it('answers 404 for unknown or deleted objects and 401 without a login', async () => {
    const author = await s.member(10);
    const voter = await s.member(500);
    const q = await s.question(author);
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', q).execute();
    await s.db.updateTable('user').set({ question_count: 0 }).where('id', '=', author).execute();
    expect((await vote(voter, 'up', q)).status).toBe(404);
    expect((await vote(voter, 'up', '10010000009999999')).status).toBe(404);
    expect((await vote(voter, 'up', '1')).status).toBe(404);
    expect((await vote(null, 'up', q)).status).toBe(401);
    const bad = await s.call(voter, { method: 'POST', url: '/answer/api/v1/vote/up', payload: { is_cancel: true } });
    expect(bad.status).toBe(400);
  });

  it('never takes a user below 1 and gives back only what was taken', async () => {
    const author = await s.member(2);
    const voters = [await s.member(200), await s.member(200), await s.member(200)];
    const q = await s.question(author);
    for (const v of voters) expect((await vote(v, 'down', q)).status).toBe(200);
    expect(await s.rank(author)).toBe(1);
    expect((await rows(author, q)).map((r) => r[1])).toEqual([-1, 0, 0]);
    expect(await voteCount('question', q)).toBe(-3);
    // Cancelling the down vote that cost 1 gives 1 back; the others gave nothing.
    await vote(voters[0]!, 'down', q, true);
    expect(await s.rank(author)).toBe(2);
    await vote(voters[1]!, 'down', q, true);
    expect(await s.rank(author)).toBe(2);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('stops positive reputation at 200 a UTC day, except answer.accepted, and starts again the next day', async () => {
    const author = await s.member(1);
    const q = await s.question(author);
    const voters: number[] = [];
    for (let i = 0; i < 22; i++) voters.push(await s.member(10));
    for (const v of voters) expect((await vote(v, 'up', q)).status).toBe(200);
    expect(await voteCount('question', q)).toBe(22);
    expect(await s.rank(author)).toBe(201);
    const ranks = (await rows(author, q)).map((r) => r[1]);
    expect(ranks.filter((r) => r === 10)).toHaveLength(20);
    expect(ranks.filter((r) => r === 0)).toHaveLength(2);

    // answer.accepted is not capped.
    const accepted = await writeTransaction(s.db, (trx) =>
      applyReputation(trx, { userId: author, key: 'answer.accepted', objectId: q, now: clock }),
    );
    expect(accepted.rank).toBe(15);
    expect(await s.rank(author)).toBe(216);

    // A capped vote gives nothing back when cancelled; a counted one gives its 10 back and frees the cap.
    await vote(voters[21]!, 'up', q, true);
    expect(await s.rank(author)).toBe(216);
    await vote(voters[0]!, 'up', q, true);
    expect(await s.rank(author)).toBe(206);
    await vote(voters[0]!, 'up', q);
    expect(await s.rank(author)).toBe(216);

    // The next UTC day counts from zero.
    const before = clock;
    clock = NOW + DAY;
    try {
      const next = await s.member(10);
      await vote(next, 'up', q);
      expect(await s.rank(author)).toBe(226);
    } finally {
      clock = before;
    }

    // cancelReputation of an accept gives its 15 back exactly once.
    expect(await writeTransaction(s.db, (trx) => cancelReputation(trx, accepted.activityId, clock))).toBe(15);
    expect(await writeTransaction(s.db, (trx) => cancelReputation(trx, accepted.activityId, clock))).toBeNull();
    expect(await s.rank(author)).toBe(211);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it("tells the author in the inbox and sums the reputation into the post's achievement", async () => {
    const author = await s.member(100);
    const voter = await s.member(200);
    const q = await s.question(author);
    const a = await s.answer(q, author);
    const c = await s.comment(a, q, author);
    const notes = async (objectId: string) =>
      (
        await s.db
          .selectFrom('notification')
          .select(['type', 'msg_type', 'is_read', 'content'])
          .where('user_id', '=', author)
          .where('object_id', '=', objectId)
          .orderBy('id')
          .execute()
      ).map((n) => {
        const content = JSON.parse(n.content) as {
          trigger_user_id: string;
          notification_action: string;
          rank: number;
          object_info: { object_type: string; object_map: Record<string, string> };
        };
        return [n.type, n.msg_type, content.notification_action, content.trigger_user_id, content.rank];
      });

    await vote(voter, 'up', a);
    expect(await notes(a)).toEqual([
      [1, 2, 'up_voted_answer', String(voter), 0],
      [2, 1, '', '', 10],
    ]);
    await vote(voter, 'down', a);
    expect(await notes(a)).toEqual([
      [1, 2, 'up_voted_answer', String(voter), 0],
      [2, 1, '', '', -2],
      [1, 2, 'down_voted_answer', String(voter), 0],
    ]);

    await vote(voter, 'up', c);
    const [comment] = await s.db
      .selectFrom('notification')
      .select('content')
      .where('user_id', '=', author)
      .where('object_id', '=', c)
      .execute();
    expect(JSON.parse(comment!.content)).toMatchObject({
      notification_action: 'up_voted_comment',
      trigger_user_id: String(voter),
      object_info: { object_id: c, object_type: 'comment', object_map: { question: q, answer: a, comment: c } },
    });
    // The voter is never notified of their own votes.
    // (A first vote earns a badge, whose notice is not about the vote.)
    const own = await s.db
      .selectFrom('notification')
      .select('id')
      .where('user_id', '=', voter)
      .where('content', 'not like', '%"earned_badge"%')
      .execute();
    expect(own).toEqual([]);
  });
});
