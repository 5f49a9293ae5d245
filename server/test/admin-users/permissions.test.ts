import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { ADMIN_API, adminSite, userRow, type AdminSite, type TestAccount } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('admin user routes: who may call them, on $label', (target) => {
  let s: AdminSite;
  let member: TestAccount;
  let moderator: TestAccount;
  let victim: TestAccount;

  beforeAll(async () => {
    s = await adminSite(target);
    member = await s.member('mallory');
    moderator = await s.member('morgan', 3);
    victim = await s.member('victor');
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  // Every route with a request that would change something if it were let through.
  const routes = () =>
    [
      ['GET', '/users/page?page=1', undefined],
      ['POST', '/user', { display_name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky long secret' }],
      ['POST', '/users', { users: 'Sneaky Two,sneaky2@example.com,sneaky long secret' }],
      ['PUT', '/user/status', { user_id: String(victim.id), status: 'suspended', suspend_duration: 'forever' }],
      ['PUT', '/user/role', { user_id: String(victim.id), role_id: 2 }],
      ['PUT', '/user/password', { user_id: String(victim.id), password: 'taken over secret' }],
      [
        'PUT',
        '/user/profile',
        { user_id: String(victim.id), display_name: 'Owned', username: 'owned', email: 'owned@example.com' },
      ],
      ['GET', `/user/activation?user_id=${victim.id}`, undefined],
      ['POST', '/user/activation', { user_id: String(victim.id) }],
      ['DELETE', '/delete/permanently', { type: 'users' }],
      ['GET', '/roles', undefined],
      ['GET', `/user/overview?user_id=${victim.id}`, undefined],
      ['GET', `/user/actions?user_id=${victim.id}&page=1`, undefined],
    ] as const;

  const unchanged = async () => {
    const row = await userRow(s.db, victim.id);
    expect(row.status).toBe(1);
    expect(row.role_id).toBe(1);
    expect(row.display_name).toBe('victor');
    const sneaky = await s.db.selectFrom('user').select('id').where('e_mail_key', 'like', 'sneaky%').execute();
    expect(sneaky).toEqual([]);
    expect((await s.login(victim.email, victim.password)).token).toBeTruthy();
  };

  it('answers 401 to a visitor on every route and changes nothing', async () => {
    for (const [method, path, payload] of routes()) {
      const res = await s.call({ method, url: `${ADMIN_API}${path}`, ...(payload ? { payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.reason).toBe('base.unauthorized_error');
    }
    await unchanged();
  });

  it.each([
    ['a member', () => member],
    ['a moderator', () => moderator],
  ])('answers 403 base.forbidden_error to %s on every route and changes nothing', async (_who, who) => {
    for (const [method, path, payload] of routes()) {
      const res = await s.admin$(method, path, payload, who().token);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.reason).toBe('base.forbidden_error');
    }
    await unchanged();
  });

  it('lets the administrator read', async () => {
    for (const path of ['/users/page?page=1', '/roles', `/user/overview?user_id=${victim.id}`]) {
      const res = await s.admin$('GET', path);
      expect(res.status, path).toBe(200);
    }
  });

  it('refuses a suspended or logged-out administrator', async () => {
    const second = await s.member('second-admin', 2);
    expect((await s.admin$('GET', '/roles', undefined, second.token)).status).toBe(200);
    expect((await s.admin$('PUT', '/user/status', { user_id: String(second.id), status: 'suspended' })).status).toBe(
      200,
    );
    // The suspension ended that session: the old token is refused with the suspension (403), never served.
    expect((await s.admin$('GET', '/roles', undefined, second.token)).status).toBe(403);
    const again = await s.login(second.email, second.password);
    expect(again.reply.status).toBe(403);
    expect(again.reply.body.reason).toBe('error.user.suspended');
  });
});
