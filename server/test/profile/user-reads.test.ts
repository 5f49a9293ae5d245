import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoAccount } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { demoProfileReads, V1 } from './demo-reads';
import { NOW, type ProfileSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

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

describe.each(available)('user reads on $label', (target) => {
  let s: ProfileSite;
  let members: DemoAccount[];

  beforeAll(async () => {
    ({ site: s, members } = await demoProfileReads(target));
  });
  afterAll(async () => {
    await s?.close();
  });

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
});
