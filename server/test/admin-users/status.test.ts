import type { AdminUserActionPage, AdminUserPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { API, adminSite, userRow, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const HOUR = 3_600_000;
const FOREVER = Date.UTC(2099, 11, 31, 23, 59, 59);

describe.each(available)('PUT user/status on $label', (target) => {
  let s: AdminSite;

  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const setStatus = (userId: number, status: string, extra: Record<string, unknown> = {}) =>
    s.admin$('PUT', '/user/status', { user_id: String(userId), status, ...extra });
  const actions = async (userId: number) =>
    (await s.admin$<AdminUserActionPage>('GET', `/user/actions?user_id=${userId}&page=1`)).body.data;

  it('suspends for a duration: every session ends, login is refused with the end time, normal lifts it', async () => {
    const m = await s.member('suspendee');
    const other = (await s.login(m.email, m.password)).token!;
    const before = Date.now();
    expect((await setStatus(m.id, 'suspended', { suspend_duration: '7d' })).status).toBe(200);
    expect(await s.loggedIn(m.token)).toBe(false);
    expect(await s.loggedIn(other)).toBe(false);
    const row = await userRow(s.db, m.id);
    expect(row.status).toBe(9);
    expect(Number(row.suspended_until)).toBeGreaterThanOrEqual(before + 7 * 24 * HOUR);
    expect(Number(row.suspended_until)).toBeLessThanOrEqual(Date.now() + 7 * 24 * HOUR);
    const refused = await s.login(m.email, m.password);
    expect(refused.reply.status).toBe(403);
    expect(refused.reply.body.data).toMatchObject({
      type: 'suspended',
      suspended_until: Math.floor(Number(row.suspended_until) / 1000),
    });
    // The public profile shows the suspension too.
    const profile = await s.call<{ status: string; suspended_until: number }>({
      method: 'GET',
      url: `${API}/personal/user/info?username=suspendee`,
      token: s.admin.token,
    });
    expect(profile.body.data).toMatchObject({
      status: 'suspended',
      suspended_until:
        refused.reply.body.data && (refused.reply.body.data as { suspended_until: number }).suspended_until,
    });
    // The list filter finds them.
    const page = await s.admin$<AdminUserPage>('GET', '/users/page?status=suspended');
    expect(page.body.data.list.map((u) => u.username)).toContain('suspendee');

    expect((await setStatus(m.id, 'normal')).status).toBe(200);
    expect((await userRow(s.db, m.id)).suspended_until).toBeNull();
    expect((await s.login(m.email, m.password)).token).toBeTruthy();
    const log = await actions(m.id);
    expect(log.list.slice(0, 2).map((a) => a.action)).toEqual(['user.unsuspended', 'user.suspended']);
    expect(log.list[0]!.operator).toEqual({ username: 'ada-admin', display_name: 'Ada Admin' });
  });

  it('suspends forever (until 2099-12-31 23:59:59 UTC) by default and on forever', async () => {
    const a = await s.member('forever-a');
    const b = await s.member('forever-b');
    await setStatus(a.id, 'suspended');
    await setStatus(b.id, 'suspended', { suspend_duration: 'forever' });
    expect(Number((await userRow(s.db, a.id)).suspended_until)).toBe(FOREVER);
    expect(Number((await userRow(s.db, b.id)).suspended_until)).toBe(FOREVER);
  });

  it('lifts a suspension whose time has passed at the next login', async () => {
    const m = await s.member('expired');
    await setStatus(m.id, 'suspended', { suspend_duration: '24h' });
    expect((await s.login(m.email, m.password)).reply.status).toBe(403);
    await s.db
      .updateTable('user')
      .set({ suspended_until: Date.now() - 1000 })
      .where('id', '=', m.id)
      .execute();
    expect((await s.login(m.email, m.password)).token).toBeTruthy();
    expect((await userRow(s.db, m.id)).status).toBe(1);
  });

  it('sets inactive: the address must be confirmed again and the sessions end', async () => {
    const m = await s.member('deactivated');
    expect((await setStatus(m.id, 'inactive')).status).toBe(200);
    expect((await userRow(s.db, m.id)).mail_status).toBe(2);
    expect(await s.loggedIn(m.token)).toBe(false);
    const token = (await s.login(m.email, m.password)).token!;
    const write = await s.call({ method: 'GET', url: `${API}/notification/status`, token });
    expect(write.status).toBe(403);
    expect(write.body.reason).toBe('error.email.need_to_be_verified');
    expect((await actions(m.id)).list[0]!.action).toBe('user.deactivated');
  });

  it('refuses inactive to suspended or deleted, and suspended to inactive, in one step', async () => {
    const m = await s.member('stepwise');
    await setStatus(m.id, 'inactive');
    for (const status of ['suspended', 'deleted']) {
      const res = await setStatus(m.id, status);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.admin_user.status_move_not_allowed');
    }
    expect((await userRow(s.db, m.id)).status).toBe(1);
    expect((await setStatus(m.id, 'normal')).status).toBe(200);
    expect((await setStatus(m.id, 'suspended')).status).toBe(200);
    const back = await setStatus(m.id, 'inactive');
    expect(back.status).toBe(400);
    expect((await userRow(s.db, m.id)).mail_status).toBe(1);
  });

  it('deletes for good: sessions end, login fails, no other status is accepted', async () => {
    const m = await s.member('goner');
    expect((await setStatus(m.id, 'deleted')).status).toBe(200);
    expect(await s.loggedIn(m.token)).toBe(false);
    expect((await s.login(m.email, m.password)).reply.status).toBe(400);
    for (const status of ['normal', 'suspended', 'inactive']) {
      const res = await setStatus(m.id, status);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('error.admin_user.deleted_is_final');
    }
    expect((await userRow(s.db, m.id)).status).toBe(10);
    expect((await setStatus(m.id, 'deleted')).status).toBe(200);
    const deleted = await s.admin$<AdminUserPage>('GET', '/users/page?status=deleted');
    expect(deleted.body.data.list.map((u) => u.username)).toContain('goner');
    const all = await s.admin$<AdminUserPage>('GET', '/users/page?query=goner');
    expect(all.body.data.count).toBe(0);
  });

  it('changes nothing when the status is the same (no log line, sessions kept)', async () => {
    const m = await s.member('steady');
    const before = (await actions(m.id)).count;
    expect((await setStatus(m.id, 'normal')).status).toBe(200);
    expect(await s.loggedIn(m.token)).toBe(true);
    expect((await actions(m.id)).count).toBe(before);
  });

  it("refuses the administrator's own status (403), an unknown user (404) and bad input (400)", async () => {
    const self = await setStatus(1, 'suspended');
    expect(self.status).toBe(403);
    expect(self.body.reason).toBe('error.admin_user.cannot_change_self');
    expect((await userRow(s.db, 1)).status).toBe(1);
    for (const id of ['999999', 'abc']) {
      const res = await s.admin$('PUT', '/user/status', { user_id: id, status: 'suspended' });
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('error.user.not_found');
    }
    const m = await s.member('validated');
    const bad = [
      { user_id: String(m.id), status: 'banned' },
      { user_id: String(m.id), status: 'suspended', suspend_duration: '5d' },
      { user_id: m.id, status: 'suspended' },
      { status: 'suspended' },
    ];
    for (const payload of bad) {
      const res = await s.admin$('PUT', '/user/status', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
    expect((await userRow(s.db, m.id)).status).toBe(1);
  });

  it('translates the self-protection reason (zh_CN)', async () => {
    const res = await s.call({
      method: 'PUT',
      url: '/answer/admin/api/user/status',
      payload: { user_id: '1', status: 'suspended' },
      token: s.admin.token,
      lang: 'zh-CN',
    });
    expect(res.body.msg).toBe('不能在这里修改自己的状态、角色或密码。');
  });
});
