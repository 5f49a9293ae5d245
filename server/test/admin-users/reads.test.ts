import type { AdminUserActionPage, AdminUserOverview, AdminUserPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { API, adminSite, questionBody, userRow, type AdminSite, type TestAccount } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 86_400_000;

describe.each(available)('users/page, user/overview and user/actions on $label', (target) => {
  let s: AdminSite;
  let zoe: TestAccount;
  let moderator: TestAccount;

  beforeAll(async () => {
    s = await adminSite(target);
    zoe = await s.member('Zoe Percent');
    moderator = await s.member('Mona Mod', 3);
    await s.member('plain-member');
    await s.admin$('PUT', '/user/status', { user_id: String((await s.member('waiting')).id), status: 'inactive' });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const page = async (query: string) => {
    const res = await s.admin$<AdminUserPage>('GET', `/users/page?${query}`);
    expect(res.status, query).toBe(200);
    return res.body.data;
  };
  const names = async (query: string) => (await page(query)).list.map((u) => u.username);

  it('lists accounts newest first with the row the screen shows', async () => {
    const all = await page('page=1&page_size=100');
    expect(all.count).toBe(5);
    expect(all.list.map((u) => u.username)).toEqual([
      'waiting',
      'plain-member',
      'mona-mod',
      'zoe-percent',
      'ada-admin',
    ]);
    expect(all.list.find((u) => u.username === 'mona-mod')).toMatchObject({
      user_id: String(moderator.id),
      e_mail: 'mona.mod@example.com',
      role_id: 3,
      role_name: 'Moderator',
      status: 'normal',
      rank: 1,
      deleted_at: 0,
      suspended_until: 0,
    });
    const two = await page('page=2&page_size=2');
    expect(two.count).toBe(5);
    expect(two.list.map((u) => u.username)).toEqual(['mona-mod', 'zoe-percent']);
  });

  it('searches name, username and e-mail without case; wildcards are plain characters', async () => {
    expect(await names('query=ZOE')).toEqual(['zoe-percent']);
    expect(await names('query=PERCENT%40example')).toEqual(['zoe-percent']);
    expect(await names('query=ada%40example.com')).toEqual(['ada-admin']);
    expect(await names('query=%25')).toEqual([]);
    expect(await names('query=_')).toEqual([]);
    expect(await names('query=plain-mem')).toEqual(['plain-member']);
  });

  it('filters by status and by staff', async () => {
    expect(await names('status=inactive')).toEqual(['waiting']);
    expect(await names('status=normal&staff=true')).toEqual(['mona-mod', 'ada-admin']);
    expect(await names('status=suspended')).toEqual([]);
    const zh = await s.call<AdminUserPage>({
      method: 'GET',
      url: '/answer/admin/api/users/page?staff=true',
      token: s.admin.token,
      lang: 'zh_CN',
    });
    expect(zh.body.data.list.map((u) => u.role_name)).toEqual(['版主', '管理员']);
  });

  it('refuses bad paging and filters with a field error', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=10001', 'page'],
      ['page=abc', 'page'],
      ['status=banned', 'status'],
      ['staff=maybe', 'staff'],
      [`query=${'q'.repeat(101)}`, 'query'],
    ]) {
      const res = await s.admin$<Array<{ error_field: string }>>('GET', `/users/page?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.data[0]!.error_field).toBe(field);
    }
    expect((await page('page_size=999')).list.length).toBe(5);
  });

  it('shows the overview: last login, visit days, post counts, profile path', async () => {
    const res = await s.admin$<AdminUserOverview>('GET', `/user/overview?user_id=${zoe.id}`);
    expect(res.status).toBe(200);
    const row = await userRow(s.db, zoe.id);
    expect(res.body.data).toMatchObject({
      user_id: String(zoe.id),
      username: 'zoe-percent',
      last_seen_at: Math.floor(Number(row.last_login_date) / 1000),
      visit_days: 1,
      mail_status: 1,
      question_count: 0,
      answer_count: 0,
      profile_url: '/users/zoe-percent',
    });
    expect(res.body.data.last_seen_at).toBeGreaterThan(0);
    for (const id of ['123456', 'x']) {
      const missing = await s.admin$('GET', `/user/overview?user_id=${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.reason).toBe('error.user.not_found');
    }
  });

  it('counts a visit day once per UTC day, on the first logged-in request of the day', async () => {
    const m = await s.member('daily');
    expect((await userRow(s.db, m.id)).visit_days).toBe(1);
    await s.login(m.email, m.password);
    await s.loggedIn(m.token);
    expect((await userRow(s.db, m.id)).visit_days).toBe(1);
    // The session was last used yesterday: today's first request counts today.
    const yesterday = Date.now() - DAY;
    await s.db.updateTable('session').set({ last_seen_at: yesterday }).where('user_id', '=', m.id).execute();
    await s.db
      .updateTable('user')
      .set({ last_visit_day: new Date(yesterday).toISOString().slice(0, 10) })
      .where('id', '=', m.id)
      .execute();
    expect(await s.loggedIn(m.token)).toBe(true);
    expect(await s.loggedIn(m.token)).toBe(true);
    expect((await userRow(s.db, m.id)).visit_days).toBe(2);
    const overview = await s.admin$<AdminUserOverview>('GET', `/user/overview?user_id=${m.id}`);
    expect(overview.body.data.visit_days).toBe(2);
  });

  it("logs the member's own actions and the staff actions on the account, newest first", async () => {
    const asked = await s.call<{ id: string }>({
      method: 'POST',
      url: `${API}/question`,
      payload: questionBody(),
      token: s.admin.token,
    });
    expect(asked.status).toBe(200);
    const answered = await s.call({
      method: 'POST',
      url: `${API}/answer`,
      payload: { question_id: asked.body.data.id, content: 'Here is what worked for me in the end.' },
      token: zoe.token,
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const answerId = (
      await s.db.selectFrom('answer').select('id').where('user_id', '=', zoe.id).executeTakeFirstOrThrow()
    ).id;
    await s.admin$('PUT', '/user/status', { user_id: String(zoe.id), status: 'suspended', suspend_duration: '24h' });
    const res = await s.admin$<AdminUserActionPage>('GET', `/user/actions?user_id=${zoe.id}&page=1`);
    expect(res.status).toBe(200);
    const [suspended, answer] = res.body.data.list;
    expect(suspended).toMatchObject({
      action: 'user.suspended',
      object_type: 'user',
      url: '',
      operator: { username: 'ada-admin', display_name: 'Ada Admin' },
    });
    expect(answer).toMatchObject({
      action: 'answer.answered',
      object_type: 'answer',
      object_id: answerId,
      title: expect.stringContaining('How do I configure the importer'),
      url: `/questions/${asked.body.data.id}/${answerId}`,
    });
    expect(answer!.operator).toBeUndefined();
    expect(res.body.data.list.map((a) => a.action)).toContain('user.activated');
    expect((await s.admin$('GET', `/user/actions?user_id=${zoe.id}&page=0`)).status).toBe(400);
    expect((await s.admin$('GET', '/user/actions?user_id=55555&page=1')).status).toBe(404);
  });
});
