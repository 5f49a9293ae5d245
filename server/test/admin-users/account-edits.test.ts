import type { AdminActivationUrl, AdminUserActionPage, RoleList } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { API, adminSite, userRow, type AdminSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('PUT user/role, user/password, user/profile and activation on $label', (target) => {
  let s: AdminSite;

  beforeAll(async () => {
    s = await adminSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const lastAction = async (userId: number) =>
    (await s.admin$<AdminUserActionPage>('GET', `/user/actions?user_id=${userId}&page=1`)).body.data.list[0];

  it('a new role changes what the member reaches at once; a demotion ends their sessions', async () => {
    const m = await s.member('promoted');
    expect((await s.admin$('GET', '/roles', undefined, m.token)).status).toBe(403);
    expect((await s.admin$('PUT', '/user/role', { user_id: String(m.id), role_id: 2 })).status).toBe(200);
    expect((await s.admin$('GET', '/roles', undefined, m.token)).status).toBe(200);
    expect(await lastAction(m.id)).toMatchObject({ action: 'user.role_changed', object_type: 'user' });
    expect((await s.admin$('PUT', '/user/role', { user_id: String(m.id), role_id: 1 })).status).toBe(200);
    expect(await s.loggedIn(m.token)).toBe(false);
    const again = (await s.login(m.email, m.password)).token!;
    expect((await s.admin$('GET', '/roles', undefined, again)).status).toBe(403);
    expect((await userRow(s.db, m.id)).role_id).toBe(1);
  });

  it('refuses a role of its own, an unknown role or user', async () => {
    const self = await s.admin$('PUT', '/user/role', { user_id: '1', role_id: 1 });
    expect(self.status).toBe(403);
    expect(self.body.reason).toBe('error.admin_user.cannot_change_self');
    expect((await userRow(s.db, 1)).role_id).toBe(2);
    const m = await s.member('roleless');
    for (const role_id of [0, 4, '2']) {
      const res = await s.admin$('PUT', '/user/role', { user_id: String(m.id), role_id });
      expect(res.status).toBe(400);
    }
    expect((await s.admin$('PUT', '/user/role', { user_id: '424242', role_id: 3 })).status).toBe(404);
    expect((await userRow(s.db, m.id)).role_id).toBe(1);
  });

  it('sets a password: the member is logged out everywhere, only the new password works', async () => {
    const m = await s.member('reset-me');
    const res = await s.admin$('PUT', '/user/password', { user_id: String(m.id), password: 'brand new secret 9' });
    expect(res.status).toBe(200);
    expect(await s.loggedIn(m.token)).toBe(false);
    expect((await s.login(m.email, m.password)).reply.status).toBe(400);
    expect((await s.login(m.email, 'brand new secret 9')).token).toBeTruthy();
    expect(await lastAction(m.id)).toMatchObject({ action: 'user.password_set', operator: { username: 'ada-admin' } });
  });

  it('refuses a short, long or common password, and its own', async () => {
    const m = await s.member('keeps-pass');
    for (const [password, reason] of [
      ['short', 'error.password.length'],
      ['x'.repeat(33), 'error.password.length'],
      ['password123', 'error.password.too_common'],
    ]) {
      const res = await s.admin$<Array<{ error_field: string }>>('PUT', '/user/password', {
        user_id: String(m.id),
        password,
      });
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe(reason);
      expect(res.body.data[0]!.error_field).toBe('password');
    }
    expect(await s.loggedIn(m.token)).toBe(true);
    const self = await s.admin$('PUT', '/user/password', { user_id: '1', password: 'another long secret' });
    expect(self.status).toBe(403);
    expect((await s.login(s.admin.email, s.admin.password)).token).toBeTruthy();
  });

  it('edits the profile; names and addresses stay unique and well formed', async () => {
    const m = await s.member('renamed');
    await s.member('holder');
    const edit = (body: Record<string, unknown>) =>
      s.admin$<Array<{ error_field: string; error_msg: string }>>('PUT', '/user/profile', {
        user_id: String(m.id),
        display_name: 'Renamed Member',
        email: 'renamed@example.com',
        ...body,
      });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ display_name: ' x ' }, 'display_name', 'error.admin_user.display_name_length'],
      [{ display_name: 'y'.repeat(31) }, 'display_name', 'error.admin_user.display_name_length'],
      [{ display_name: 'Two\r\nLines' }, 'display_name', 'validation.single_line'],
      [{ username: 'bad name!' }, 'username', 'error.username.invalid'],
      [{ username: 'a' }, 'username', 'error.username.range'],
      [{ username: 'Holder' }, 'username', 'error.username.duplicate'],
      [{ email: 'not-an-address' }, 'email', 'validation.format_email'],
      [{ email: 'HOLDER@example.com' }, 'email', 'error.email.duplicate'],
    ];
    for (const [body, field, reason] of cases) {
      const res = await edit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.map((f) => f.error_field)).toEqual([field]);
      expect(res.body.data[0]!.error_msg).not.toBe(reason);
    }
    expect((await userRow(s.db, m.id)).username).toBe('renamed');
    const done = await edit({ username: 'renamed-2' });
    expect(done.status).toBe(200);
    const row = await userRow(s.db, m.id);
    expect(row).toMatchObject({ display_name: 'Renamed Member', username: 'renamed-2', e_mail: 'renamed@example.com' });
    expect((await s.login('renamed@example.com', m.password)).token).toBeTruthy();
    expect(await lastAction(m.id)).toMatchObject({ action: 'user.profile_edited' });
  });

  it('gives an inactive member a working activation link, and mails one', async () => {
    const m = await s.member('unconfirmed');
    const active = await s.admin$('GET', `/user/activation?user_id=${m.id}`);
    expect(active.status).toBe(400);
    expect(active.body.reason).toBe('error.admin_user.not_inactive');
    await s.admin$('PUT', '/user/status', { user_id: String(m.id), status: 'inactive' });
    const res = await s.admin$<AdminActivationUrl>('GET', `/user/activation?user_id=${m.id}`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.activation_url);
    expect(url.pathname).toBe('/users/account-activation');
    const verified = await s.call({
      method: 'POST',
      url: `${API}/user/email/verification`,
      payload: { code: url.searchParams.get('code') },
    });
    expect(verified.status).toBe(200);
    expect((await userRow(s.db, m.id)).mail_status).toBe(1);

    await s.admin$('PUT', '/user/status', { user_id: String(m.id), status: 'inactive' });
    expect((await s.admin$('POST', '/user/activation', { user_id: String(m.id) })).status).toBe(200);
    const mails = await s.db
      .selectFrom('mail_outbox')
      .select(['template', 'to_address'])
      .where('to_address', '=', m.email)
      .execute();
    expect(mails.map((r) => r.template)).toContain('activation');
    expect((await s.admin$('GET', '/user/activation?user_id=777777')).status).toBe(404);
  });

  it('lists the roles translated per Accept-Language', async () => {
    const en = await s.admin$<RoleList>('GET', '/roles');
    expect(en.body.data.map((r) => [r.id, r.name])).toEqual([
      [1, 'User'],
      [2, 'Admin'],
      [3, 'Moderator'],
    ]);
    const zh = await s.call<RoleList>({
      method: 'GET',
      url: '/answer/admin/api/roles',
      token: s.admin.token,
      lang: 'zh-CN',
    });
    expect(zh.body.data.map((r) => r.name)).toEqual(['用户', '管理员', '版主']);
    expect(zh.body.data.every((r) => r.description !== '')).toBe(true);
  });
});
