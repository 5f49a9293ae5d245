import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoAccount } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { NOW, profileSite, type ProfileSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const V1 = '/answer/api/v1';
const PUBLIC_PROFILE_KEYS = [
  'answer_count',
  'avatar',
  'bio',
  'bio_html',
  'created_at',
  'display_name',
  'follow_count',
  'id',
  'last_login_date',
  'location',
  'question_count',
  'rank',
  'status',
  'suspended_until',
  'username',
  'website',
].sort();

interface Page<T> {
  count: number;
  list: T[];
}

describe.each(available)('profile reads on $label', (target) => {
  let s: ProfileSite;
  let members: DemoAccount[];

  beforeAll(async () => {
    s = await profileSite(target);
    members = s.demo!.accounts.filter((a) => a.role === 'member');
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Every item of a paged list (page size 100). */
  async function all<T>(url: string, token?: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const res = await s.call<Page<T>>({ method: 'GET', url: `${url}${sep}page=${page}&page_size=100`, token });
      expect(res.status).toBe(200);
      out.push(...res.body.data.list);
      if (out.length >= res.body.data.count || res.body.data.list.length === 0) break;
    }
    return out;
  }

  it('personal/user/info shows the public profile only (no e-mail, no secrets) and finds any letter case', async () => {
    const member = members[0]!;
    const res = await s.call<Record<string, unknown>>({
      method: 'GET',
      url: `${V1}/personal/user/info?username=${encodeURIComponent(member.username.toUpperCase())}`,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_PROFILE_KEYS);
    expect(res.body.data).toMatchObject({ id: String(member.id), username: member.username, rank: member.rank });
    expect(JSON.stringify(res.body)).not.toContain(member.email);
    expect(JSON.stringify(res.body)).not.toContain('$argon2');
  });

  it('personal/user/info answers 404 error.user.not_found for an unknown or deleted account', async () => {
    const unknown = await s.call({ method: 'GET', url: `${V1}/personal/user/info?username=nobody-here` });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, reason: 'error.user.not_found', msg: 'User not found.' });
    const victim = members[members.length - 1]!;
    await s.db.updateTable('user').set({ status: 10 }).where('id', '=', victim.id).execute();
    try {
      const deleted = await s.call({ method: 'GET', url: `${V1}/personal/user/info?username=${victim.username}` });
      expect(deleted.status).toBe(404);
    } finally {
      await s.db.updateTable('user').set({ status: 1 }).where('id', '=', victim.id).execute();
    }
  });

  it('user/ranking: most reputation by rank (available accounts only), staff, and the week’s voters from the vote rows', async () => {
    const res = await s.call<{
      users_with_the_most_reputation: Array<{ username: string; rank: number; avatar: string }>;
      users_with_the_most_vote: Array<{ username: string; vote_count: number }>;
      staffs: Array<{ username: string }>;
    }>({ method: 'GET', url: `${V1}/user/ranking` });
    expect(res.status).toBe(200);
    const users = await s.db.selectFrom('user').select(['username', 'rank', 'status', 'role_id', 'id']).execute();
    const expected = users
      .filter((u) => u.status === 1)
      .sort((a, b) => b.rank - a.rank || a.id - b.id)
      .slice(0, 20)
      .map((u) => u.username);
    expect(res.body.data.users_with_the_most_reputation.map((u) => u.username)).toEqual(expected);
    const ranks = res.body.data.users_with_the_most_reputation.map((u) => u.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const suspended = users.filter((u) => u.status !== 1).map((u) => u.username);
    expect(suspended.length).toBeGreaterThan(0);
    for (const name of suspended) expect(JSON.stringify(res.body.data)).not.toContain(`"${name}"`);
    expect(res.body.data.staffs.map((u) => u.username).sort()).toEqual(
      users
        .filter((u) => u.status === 1 && (u.role_id === 2 || u.role_id === 3))
        .map((u) => u.username)
        .sort(),
    );

    // Votes cast in the 7 days before NOW, counted here from every activity row.
    const types = await s.db
      .selectFrom('config')
      .select(['id', 'key'])
      .where('key', 'in', [
        'question.vote_up',
        'question.vote_down',
        'answer.vote_up',
        'answer.vote_down',
        'comment.vote_up',
      ])
      .execute();
    const voteTypes = new Set(types.map((t) => Number(t.id)));
    const rows = await s.db.selectFrom('activity').selectAll().execute();
    const counts = new Map<number, number>();
    for (const r of rows)
      if (voteTypes.has(r.activity_type) && r.cancelled === 0 && r.created_at >= NOW - 7 * 86_400_000)
        counts.set(r.user_id, (counts.get(r.user_id) ?? 0) + 1);
    const byName = new Map(users.map((u) => [u.id, u]));
    const voters = [...counts]
      .filter(([id]) => byName.get(id)?.status === 1)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 20)
      .map(([id, n]) => ({ username: byName.get(id)!.username, vote_count: n }));
    expect(
      res.body.data.users_with_the_most_vote.map((u) => ({ username: u.username, vote_count: u.vote_count })),
    ).toEqual(voters);
  });

  it('user/staff lists admins and moderators, by prefix', async () => {
    const res = await s.call<Array<{ username: string; display_name: string; avatar: string }>>({
      method: 'GET',
      url: `${V1}/user/staff`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(1);
    const first = res.body.data[0]!;
    expect(Object.keys(first).sort()).toEqual(['avatar', 'display_name', 'username']);
    const prefix = first.username.slice(0, 3);
    const filtered = await s.call<Array<{ username: string; display_name: string }>>({
      method: 'GET',
      url: `${V1}/user/staff?username=${prefix}`,
    });
    expect(filtered.body.data.length).toBeGreaterThan(0);
    for (const u of filtered.body.data)
      expect(u.username.startsWith(prefix) || u.display_name.toLowerCase().startsWith(prefix)).toBe(true);
  });

  it('user/info/search: active members only, prefix on username or display name, at most 5, wildcards are literal', async () => {
    const anonymous = await s.call({ method: 'GET', url: `${V1}/user/info/search?username=a` });
    expect(anonymous.status).toBe(401);
    const token = await s.token(members[0]!.email);
    const target = members[1]!;
    const byDisplay = await s.call<Array<{ username: string; display_name: string }>>({
      method: 'GET',
      url: `${V1}/user/info/search?username=${encodeURIComponent(target.displayName.slice(0, 4).toUpperCase())}`,
      token,
    });
    expect(byDisplay.status).toBe(200);
    expect(byDisplay.body.data.map((u) => u.username)).toContain(target.username);
    const broad = await s.call<unknown[]>({
      method: 'GET',
      url: `${V1}/user/info/search?username=${target.username[0]}`,
      token,
    });
    expect(broad.body.data.length).toBeGreaterThan(0);
    expect(broad.body.data.length).toBeLessThanOrEqual(5);
    const wildcard = await s.call<unknown[]>({ method: 'GET', url: `${V1}/user/info/search?username=%25`, token });
    expect(wildcard.body.data).toEqual([]);
    const underscore = await s.call<unknown[]>({ method: 'GET', url: `${V1}/user/info/search?username=_`, token });
    expect(underscore.body.data).toEqual([]);
    for (const item of broad.body.data) expect(JSON.stringify(item)).not.toMatch(/e_mail|@example|pass/);
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

  it('personal/rank/page: the reputation changes add up to the member’s reputation', async () => {
    const member = [...members].sort((a, b) => b.rank - a.rank)[0]!;
    const items = await all<{ reputation: number; rank_type: string; object_type: string }>(
      `${V1}/personal/rank/page?username=${member.username}`,
    );
    expect(items.length).toBeGreaterThan(0);
    const { rank } = await s.db.selectFrom('user').select('rank').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(items.reduce((sum, i) => sum + i.reputation, 0)).toBe(rank);
    for (const item of items) {
      expect(item.reputation).not.toBe(0);
      expect(item.rank_type).not.toMatch(/^rank_type\./);
    }
  });

  it('personal/rank/page: a change from a post the viewer may not see keeps its amount but not its text', async () => {
    const row = await s.db
      .selectFrom('activity')
      .innerJoin('question', 'question.id', 'activity.object_id')
      .innerJoin('user', 'user.id', 'activity.user_id')
      .select(['activity.object_id', 'activity.user_id', 'question.title', 'user.username'])
      .where('activity.has_rank', '=', 1)
      .where('activity.cancelled', '=', 0)
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .executeTakeFirstOrThrow();
    const find = async () =>
      (
        await all<{ object_id: string; title: string; content: string; reputation: number }>(
          `${V1}/personal/rank/page?username=${row.username}`,
        )
      ).find((i) => i.object_id === row.object_id)!;
    expect((await find()).title).toBe(row.title);
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', row.object_id).execute();
    try {
      const hidden = await find();
      expect(hidden).toMatchObject({
        title: 'A post that is no longer available',
        content: '',
        url_title: '',
        question_id: '',
        answer_id: '',
      });
      expect(hidden.reputation).not.toBe(0);
    } finally {
      await s.db.updateTable('question').set({ status: 1 }).where('id', '=', row.object_id).execute();
    }
  });

  it('lists carry only allowlisted user keys (UserBasicInfo, ranking items)', async () => {
    const token = await s.token(members[0]!.email);
    const search = await s.call<Array<Record<string, unknown>>>({
      method: 'GET',
      url: `${V1}/user/info/search?username=${members[1]!.username.slice(0, 2)}`,
      token,
    });
    expect(search.body.data.length).toBeGreaterThan(0);
    for (const item of search.body.data)
      expect(Object.keys(item).sort()).toEqual([
        'avatar',
        'display_name',
        'id',
        'language',
        'location',
        'rank',
        'status',
        'suspended_until',
        'username',
        'website',
      ]);
    const ranking = await s.call<Record<string, Array<Record<string, unknown>>>>({
      method: 'GET',
      url: `${V1}/user/ranking`,
    });
    for (const list of Object.values(ranking.body.data))
      for (const item of list)
        expect(Object.keys(item).sort()).toEqual(['avatar', 'display_name', 'rank', 'username', 'vote_count']);
  });

  it('personal/vote/page: own votes only, needs a login', async () => {
    const anonymous = await s.call({ method: 'GET', url: `${V1}/personal/vote/page` });
    expect(anonymous.status).toBe(401);
    const voter = await s.db
      .selectFrom('activity')
      .innerJoin('user', 'user.id', 'activity.user_id')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select((eb) => ['user.e_mail', 'user.id', eb.fn.countAll().as('n')])
      .where('config.key', 'in', [
        'question.vote_up',
        'answer.vote_up',
        'question.vote_down',
        'answer.vote_down',
        'comment.vote_up',
      ])
      .where('activity.cancelled', '=', 0)
      .where('user.status', '=', 1)
      .where('user.mail_status', '=', 1)
      .where('user.role_id', '=', 1)
      .groupBy(['user.e_mail', 'user.id'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const items = await all<{ object_id: string; vote_type: string; object_type: string }>(
      `${V1}/personal/vote/page`,
      await s.token(voter.e_mail),
    );
    expect(items.length).toBe(Number(voter.n));
    for (const item of items) expect(['Upvote', 'Downvote']).toContain(item.vote_type);
    const other = members.find((m) => m.id !== voter.id)!;
    const theirs = await all<{ object_id: string }>(`${V1}/personal/vote/page`, await s.token(other.email));
    const theirVotes = await s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select('activity.object_id')
      .where('activity.user_id', '=', other.id)
      .where('config.key', 'in', [
        'question.vote_up',
        'answer.vote_up',
        'question.vote_down',
        'answer.vote_down',
        'comment.vote_up',
      ])
      .where('activity.cancelled', '=', 0)
      .execute();
    expect(theirs.map((v) => v.object_id).sort()).toEqual(theirVotes.map((v) => v.object_id).sort());
  });

  it('personal/collection/page: own bookmarks only, needs a login', async () => {
    const anonymous = await s.call({ method: 'GET', url: `${V1}/personal/collection/page` });
    expect(anonymous.status).toBe(401);
    const bookmarker = await s.db
      .selectFrom('collection')
      .innerJoin('user', 'user.id', 'collection.user_id')
      .select((eb) => ['user.e_mail', 'user.id', eb.fn.countAll().as('n')])
      .where('user.status', '=', 1)
      .where('user.mail_status', '=', 1)
      .where('user.role_id', '=', 1)
      .groupBy(['user.e_mail', 'user.id'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const expected = await s.db
      .selectFrom('collection')
      .innerJoin('question', 'question.id', 'collection.object_id')
      .select('question.id')
      .where('collection.user_id', '=', bookmarker.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('question.status', 'in', [1, 2]), eb('question.show', '=', 1)]),
          eb.and([eb('question.status', 'in', [1, 2, 11]), eb('question.user_id', '=', bookmarker.id)]),
        ]),
      )
      .execute();
    const items = await all<{ id: string; collected: boolean; user_info: Record<string, unknown> }>(
      `${V1}/personal/collection/page`,
      await s.token(bookmarker.e_mail),
    );
    expect(items.map((i) => i.id).sort()).toEqual(expected.map((e) => e.id).sort());
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.collected).toBe(true);
      expect(item.user_info).not.toHaveProperty('e_mail');
    }
  });
});
