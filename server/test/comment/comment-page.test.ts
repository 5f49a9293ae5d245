import type { Comment, CommentPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { commentSite, freshCommentId, targets, type CommentSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

interface Seeded {
  id: string;
  votes: number;
  created: number;
  status: number;
}

describe.each(available)('GET comment/page on $label', (target) => {
  let s: CommentSite;
  let questionId: string;
  let live: Seeded[];
  let deleted: Seeded[];

  /** The expected order: most votes first, then the oldest (id breaks ties). */
  const byVotes = (rows: Seeded[]) =>
    [...rows].sort((a, b) => b.votes - a.votes || a.created - b.created || (a.id < b.id ? -1 : 1)).map((r) => r.id);
  const byTime = (rows: Seeded[]) =>
    [...rows].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1)).map((r) => r.id);

  const page = async (query: Record<string, string | number>, token?: string) => {
    const res = await s.call<CommentPage>({
      method: 'GET',
      url: '/answer/api/v1/comment/page',
      query: stringify(query),
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await commentSite(target);
    ({ questionId } = await targets(s.db));
    // A question with exactly the comments below: 20 available, 2 deleted (with the most votes).
    await s.db.deleteFrom('comment').where('object_id', '=', questionId).execute();
    const base = s.clock.now - 10 * 86_400_000;
    const votes = [0, 5, 2, 5, 9, 0, 1, 3, 5, 7, 2, 0, 4, 4, 1, 8, 0, 6, 3, 5];
    live = votes.map((v, i) => ({
      id: freshCommentId(),
      votes: v,
      created: base + ((i * 7) % 20) * 60_000,
      status: 1,
    }));
    deleted = [
      { id: freshCommentId(), votes: 50, created: base - 60_000, status: 10 },
      { id: freshCommentId(), votes: 40, created: base + 30 * 60_000, status: 10 },
    ];
    await s.db
      .insertInto('comment')
      .values(
        [...live, ...deleted].map((c, i) => ({
          id: c.id,
          user_id: i % 2 === 0 ? s.alice.id : s.bob.id,
          reply_user_id: null,
          reply_comment_id: null,
          object_id: questionId,
          question_id: questionId,
          vote_count: c.votes,
          status: c.status,
          original_text: `comment ${i}`,
          parsed_text: `<p>comment ${i}</p>`,
          created_at: c.created,
          updated_at: c.created,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows a first page of 3 by votes (then oldest), and pages of 15 after it', async () => {
    const expected = byVotes(live);
    const first = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 3 });
    expect(first.count).toBe(20);
    expect(first.list.map((c) => c.comment_id)).toEqual(expected.slice(0, 3));
    expect(first.list.map((c) => c.vote_count)).toEqual([9, 8, 7]);

    const p1 = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 15 });
    const p2 = await page({ object_id: questionId, query_cond: 'vote', page: 2, page_size: 15 });
    expect(p1.list.map((c) => c.comment_id)).toEqual(expected.slice(0, 15));
    expect(p2.list.map((c) => c.comment_id)).toEqual(expected.slice(15));
    expect(p2.count).toBe(20);
  });

  it('orders by creation (oldest first) with query_cond created_at or none', async () => {
    const expected = byTime(live);
    const all = await page({ object_id: questionId, query_cond: 'created_at', page: 1, page_size: 100 });
    expect(all.list.map((c) => c.comment_id)).toEqual(expected);
    const plain = await page({ object_id: questionId, page: 1, page_size: 100 });
    expect(plain.list.map((c) => c.comment_id)).toEqual(expected);
    // Unix seconds, as the wire says.
    expect(all.list[0]!.created_at).toBe(Math.floor(live.find((c) => c.id === expected[0])!.created / 1000));
  });

  it('never returns deleted comments, on a page or by id', async () => {
    const all = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 100 });
    const ids = all.list.map((c) => c.comment_id);
    for (const d of deleted) expect(ids).not.toContain(d.id);
    const one = await s.call({ method: 'GET', url: '/answer/api/v1/comment', query: { id: deleted[0]!.id } });
    expect(one.status).toBe(404);
    expect(one.body.reason).toBe('error.comment.not_found');
    // A deleted comment asked for by comment_id is not brought back either.
    const pinned = await page({
      object_id: questionId,
      query_cond: 'vote',
      page: 1,
      page_size: 3,
      comment_id: deleted[0]!.id,
    });
    expect(pinned.list.map((c) => c.comment_id)).toEqual(byVotes(live).slice(0, 3));
  });

  it('puts the comment_id comment first on page 1 and shows every comment exactly once', async () => {
    const expected = byVotes(live);
    const last = expected[expected.length - 1]!;
    const first = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 3, comment_id: last });
    expect(first.list.map((c) => c.comment_id)).toEqual([last, ...expected.slice(0, 2)]);
    const seen: string[] = [];
    for (let p = 1; p <= 7; p++) {
      const got = await page({ object_id: questionId, query_cond: 'vote', page: p, page_size: 3, comment_id: last });
      seen.push(...got.list.map((c) => c.comment_id));
    }
    expect(seen).toEqual([last, ...expected.filter((id) => id !== last)]);
    // A comment of another object is not pulled in.
    const other = await s.db
      .selectFrom('comment')
      .select('id')
      .where('object_id', '!=', questionId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const foreign = await page({
      object_id: questionId,
      query_cond: 'vote',
      page: 1,
      page_size: 3,
      comment_id: other.id,
    });
    expect(foreign.list.map((c) => c.comment_id)).toEqual(expected.slice(0, 3));
  });

  it("tells each viewer whether they voted, and lists only the viewer's allowed actions", async () => {
    const votedOn = byVotes(live)[1]!;
    const type = await s.db
      .selectFrom('config')
      .select('id')
      .where('key', '=', 'comment.vote_up')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('activity')
      .values({
        id: 9_000_000,
        user_id: s.bob.id,
        trigger_user_id: 0,
        object_id: votedOn,
        original_object_id: votedOn,
        activity_type: Number(type.id),
        cancelled: 0,
        cancelled_at: null,
        rank: 0,
        has_rank: 0,
        revision_id: null,
        created_at: s.clock.now,
        updated_at: s.clock.now,
      })
      .execute();
    // Alice's vote on it was cancelled: it does not count.
    await s.db
      .insertInto('activity')
      .values({
        id: 9_000_001,
        user_id: s.alice.id,
        trigger_user_id: 0,
        object_id: votedOn,
        original_object_id: votedOn,
        activity_type: Number(type.id),
        cancelled: 1,
        cancelled_at: s.clock.now,
        rank: 0,
        has_rank: 0,
        revision_id: null,
        created_at: s.clock.now - 1000,
        updated_at: s.clock.now,
      })
      .execute();
    const find = (list: Comment[], id: string) => list.find((c) => c.comment_id === id)!;
    const anon = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 3 });
    expect(anon.list.every((c) => !c.is_vote && c.member_actions.length === 0)).toBe(true);
    const asBob = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 3 }, s.bob.token);
    expect(asBob.list.map((c) => c.is_vote)).toEqual(asBob.list.map((c) => c.comment_id === votedOn));
    const asAlice = await page({ object_id: questionId, query_cond: 'vote', page: 1, page_size: 3 }, s.alice.token);
    expect(find(asAlice.list, votedOn).is_vote).toBe(false);

    // Old comments: the owner may delete (not edit); others only report; staff may do all three.
    const all = await page({ object_id: questionId, page: 1, page_size: 100 }, s.alice.token);
    for (const c of all.list) {
      const own = c.user_id === String(s.alice.id);
      expect(c.member_actions.map((a) => a.action)).toEqual(own ? ['report', 'delete'] : ['report']);
      expect(c.username).toBe(own ? s.alice.username : s.bob.username);
    }
    const staff = await page({ object_id: questionId, page: 1, page_size: 3 }, s.admin.token);
    for (const c of staff.list) {
      expect(c.member_actions).toEqual([
        { action: 'report', name: 'Flag', type: 'reason' },
        { action: 'edit', name: 'Edit', type: 'edit' },
        { action: 'delete', name: 'Delete', type: 'reason' },
      ]);
    }
    const zh = await s.call<CommentPage>({
      method: 'GET',
      url: '/answer/api/v1/comment/page',
      query: { object_id: questionId, page: '1', page_size: '1' },
      headers: { 'accept-language': 'zh-CN' },
      token: s.admin.token,
    });
    expect(zh.body.data.list[0]!.member_actions.map((a) => a.name)).toEqual(['举报', '编辑', '删除']);
  });

  it('refuses bad queries with field errors', async () => {
    const res = await s.call({ method: 'GET', url: '/answer/api/v1/comment/page', query: { page: '1' } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([expect.objectContaining({ error_field: 'object_id' })]);
    const bad = await s.call({
      method: 'GET',
      url: '/answer/api/v1/comment/page',
      query: { object_id: questionId, query_cond: 'hot' },
    });
    expect(bad.status).toBe(400);
  });
});

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}
