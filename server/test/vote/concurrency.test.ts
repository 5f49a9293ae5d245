import type { VoteResp } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyCounters } from '../../src/demo/verify';
import { testDatabases } from '../db/databases';
import { voteSite, type VoteSite } from './helpers';

const { available, skipped } = await testDatabases();
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const VOTERS = 200;

if (skipped.length) console.warn(`concurrent votes: skipped ${skipped.join('; ')}`);

/**
 * 200 members vote the same question up at the same moment. Every vote counts once, the
 * counter agrees with the vote rows, and the author gains what the reputation rules give: +10 per vote until the
 * daily cap of 200, nothing after it.
 */
describe.each(available)('200 simultaneous up votes on $label', (target) => {
  let s: VoteSite;
  let author: number;
  let voters: number[];
  let question: string;

  beforeAll(async () => {
    s = await voteSite(target);
    author = await s.member(1);
    voters = [];
    for (let i = 0; i < VOTERS; i++) voters.push(await s.member(10));
    question = await s.question(author);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts every vote exactly once and caps the author at +200 for the day', async () => {
    const results = await Promise.all(
      voters.map((voter) =>
        s.call<VoteResp>(voter, {
          method: 'POST',
          url: '/answer/api/v1/vote/up',
          payload: { object_id: question, is_cancel: false },
        }),
      ),
    );
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const res of results) expect(res.body.data.vote_status).toBe('vote_up');
    // Votes queue on the question's row: each answer saw its own and every earlier vote.
    expect(new Set(results.map((r) => r.body.data.up_votes)).size).toBe(VOTERS);
    expect(Math.max(...results.map((r) => r.body.data.votes))).toBe(VOTERS);

    const row = await s.db
      .selectFrom('question')
      .select('vote_count')
      .where('id', '=', question)
      .executeTakeFirstOrThrow();
    expect(Number(row.vote_count)).toBe(VOTERS);

    const types = new Map(
      (
        await s.db
          .selectFrom('config')
          .select(['id', 'key'])
          .where('key', 'in', ['question.vote_up', 'question.voted_up'])
          .execute()
      ).map((r) => [r.key, Number(r.id)]),
    );
    const voterRows = await s.db
      .selectFrom('activity')
      .select(['user_id'])
      .where('object_id', '=', question)
      .where('activity_type', '=', types.get('question.vote_up')!)
      .where('cancelled', '=', 0)
      .execute();
    expect(voterRows).toHaveLength(VOTERS);
    expect(new Set(voterRows.map((r) => Number(r.user_id)))).toEqual(new Set(voters));

    const authorRows = await s.db
      .selectFrom('activity')
      .select(['rank', 'trigger_user_id'])
      .where('object_id', '=', question)
      .where('user_id', '=', author)
      .where('activity_type', '=', types.get('question.voted_up')!)
      .where('cancelled', '=', 0)
      .execute();
    expect(authorRows).toHaveLength(VOTERS);
    expect(new Set(authorRows.map((r) => Number(r.trigger_user_id))).size).toBe(VOTERS);
    // The cap: 20 votes of +10 reach 200; the other 180 are recorded with rank 0.
    expect(authorRows.filter((r) => Number(r.rank) === 10)).toHaveLength(20);
    expect(authorRows.filter((r) => Number(r.rank) === 0)).toHaveLength(VOTERS - 20);
    expect(await s.rank(author)).toBe(1 + 200);
    for (const voter of voters.slice(0, 5)) expect(await s.rank(voter)).toBe(10);

    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });

  it('keeps one vote and one bookmark when one member sends the same request 20 times at once', async () => {
    const voter = voters[0]!;
    const other = await s.question(author);
    const votes = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call<VoteResp>(voter, {
          method: 'POST',
          url: '/answer/api/v1/vote/up',
          payload: { object_id: other, is_cancel: false },
        }),
      ),
    );
    for (const res of votes) expect(res.body.data).toMatchObject({ up_votes: 1, votes: 1, vote_status: 'vote_up' });
    const bookmarks = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call<{ object_collection_count: number }>(voter, {
          method: 'POST',
          url: '/answer/api/v1/collection/switch',
          payload: { object_id: other, group_id: '0', bookmark: true },
        }),
      ),
    );
    for (const res of bookmarks) expect(res.body.data).toEqual({ object_collection_count: 1 });
    const row = await s.db
      .selectFrom('question')
      .select(['vote_count', 'collection_count'])
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect([Number(row.vote_count), Number(row.collection_count)]).toEqual([1, 1]);
    expect(await verifyCounters(s.db, { baseRank: (id) => s.baseRanks.get(id) ?? 0 })).toEqual([]);
  });
});
