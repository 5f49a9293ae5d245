import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminSite, type AdminSite } from '../admin-users/helpers';
import { testDatabases } from '../db/databases';
import { auditCalls } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** GET audit/page: administrators only, newest first, paged, filtered; entries outlive their actor. */
describe.each(available)('GET audit/page on $label', (target) => {
  let s: AdminSite;
  let calls: ReturnType<typeof auditCalls>;

  beforeAll(async () => {
    s = await adminSite(target);
    calls = auditCalls(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('refuses visitors (401), members and moderators (403)', async () => {
    const visitor = await s.call({ method: 'GET', url: '/answer/admin/api/audit/page' });
    expect(visitor.status).toBe(401);
    const member = await s.member('Plain Reader');
    const moderator = await s.member('Mod Reader', 3);
    for (const token of [member.token, moderator.token]) {
      const res = await calls.admin('GET', '/audit/page', undefined, { token });
      expect(res.status).toBe(403);
    }
  });

  it('pages newest first, filters by action and by actor id or username', async () => {
    const { admin, page } = calls;
    for (const name of ['First', 'Second', 'Third']) {
      const general = (await admin<Record<string, string>>('GET', '/siteinfo/general')).body.data;
      const res = await admin('PUT', '/siteinfo/general', {
        ...general,
        contact_email: 'owner@example.com',
        name: `${name} name`,
      });
      expect(res.status).toBe(200);
    }
    const all = await page('page_size=100');
    expect(all.count).toBe(all.list.length);
    const ids = all.list.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const saves = await page('action=settings.saved&page_size=2');
    expect(saves.count).toBe(3);
    expect(saves.list).toHaveLength(2);
    const second = await page('action=settings.saved&page_size=2&page=2');
    expect(second.list).toHaveLength(1);
    expect(new Set([...saves.list, ...second.list].map((e) => e.id)).size).toBe(3);
    expect(all.list.filter((e) => e.action === 'settings.saved').map((e) => e.id)).toEqual(
      [...saves.list, ...second.list].map((e) => e.id),
    );
    expect((await page('action=user.added&page_size=100')).list.every((e) => e.action === 'user.added')).toBe(true);

    const byId = await page(`actor=${s.admin.id}&page_size=100`);
    expect(byId.count).toBe(all.count);
    const name = all.list[0]!.actor.name;
    expect((await page(`actor=${encodeURIComponent(name)}&page_size=100`)).count).toBe(all.count);
    expect((await page('actor=nobody-at-all')).count).toBe(0);

    const huge = await page('page_size=999');
    expect(huge.list.length).toBe(all.list.length);
    expect((await admin('GET', '/audit/page?action=no.such_action')).status).toBe(400);
    expect((await admin('GET', '/audit/page?page=0')).status).toBe(400);
  });

  it('an administrator purged later stays named on their entries', async () => {
    const { admin, page } = calls;
    const other = await s.member('Departed Admin', 2);
    const name = (await s.db.selectFrom('user').select('username').where('id', '=', other.id).executeTakeFirstOrThrow())
      .username;
    const res = await admin(
      'PUT',
      '/plugin/status',
      { plugin_slug_name: 'hello', enabled: false },
      { token: other.token },
    );
    expect(res.status).toBe(200);
    expect((await admin('PUT', '/user/role', { user_id: String(other.id), role_id: 1 })).status).toBe(200);
    expect((await admin('PUT', '/user/status', { user_id: String(other.id), status: 'deleted' })).status).toBe(200);
    expect((await admin('DELETE', '/delete/permanently', { type: 'users' })).status).toBe(200);
    expect((await admin('DELETE', '/delete/permanently', { type: 'answers' })).status).toBe(200);
    const theirs = await page(`actor=${other.id}`);
    expect(theirs.list).toHaveLength(1);
    expect(theirs.list[0]).toMatchObject({
      action: 'plugin.status_changed',
      actor: { user_id: String(other.id), name, exists: false },
    });
    expect((await s.db.selectFrom('admin_audit').select('id').where('actor_id', '=', other.id).execute()).length).toBe(
      1,
    );
  });
});
