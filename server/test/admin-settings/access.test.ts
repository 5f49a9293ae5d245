import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/modules/session/store';
import { testDatabases } from '../db/databases';
import { siteApp, testConfig } from '../helpers';
import { writeSite, type WriteSite } from '../write/helpers';
import { READ_ONLY_PATHS, read, SETTINGS_PATHS } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** A valid PUT body for each path: what GET answers, except where the PUT takes another shape. */
async function validBody(s: WriteSite, url: string): Promise<object> {
  if (url === '/setting/privileges') return { level: 2 };
  if (url === '/setting/smtp')
    return {
      from_email: 'robot@qa.example.com',
      from_name: 'QA Robot',
      smtp_host: 'mail.example.com',
      smtp_port: 587,
      encryption: 'TLS',
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: false,
    };
  return read(s, url);
}

describe.each(available)('who may use the admin settings on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('visitors get 401, members and moderators 403 on every GET', async () => {
    for (const url of [...SETTINGS_PATHS, ...READ_ONLY_PATHS]) {
      const anonymous = await s.admin({ method: 'GET', url });
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.reason).toBe('base.unauthorized_error');
      for (const as of ['alice', 'mod'] as const) {
        const refused = await s.admin({ method: 'GET', url, as });
        expect(refused.status, `${as} ${url}`).toBe(403);
        expect(refused.body.reason).toBe('base.forbidden_error');
        expect(refused.body.data).toBeNull();
      }
      expect((await s.admin({ method: 'GET', url, as: 'admin' })).status, url).toBe(200);
    }
  });

  it('visitors get 401, members and moderators 403 on every PUT, and nothing changes', async () => {
    for (const url of SETTINGS_PATHS) {
      const body = await validBody(s, url);
      const before = url === '/setting/smtp' ? null : await read(s, url);
      const rows = await s.db.selectFrom('site_info').select(['type', 'content']).orderBy('type').execute();
      expect((await s.admin({ method: 'PUT', url, payload: body })).status, url).toBe(401);
      for (const as of ['alice', 'mod'] as const) {
        const refused = await s.admin({ method: 'PUT', url, payload: body, as });
        expect(refused.status, `${as} ${url}`).toBe(403);
        expect(refused.body.reason).toBe('base.forbidden_error');
      }
      expect(await s.db.selectFrom('site_info').select(['type', 'content']).orderBy('type').execute()).toEqual(rows);
      const saved = await s.admin({ method: 'PUT', url, payload: body, as: 'admin' });
      expect(saved.status, `${url}: ${JSON.stringify(saved.body)}`).toBe(200);
      if (before) expect(saved.body.data, url).toEqual(before);
    }
  });

  it('an administrator whose account is suspended or not activated is refused', async () => {
    // The install's admin (user 1), with a session in each state: the token names the state.
    const sessions = {
      find: async (token: string): Promise<Session> => ({
        token,
        userId: '1',
        roleId: 2,
        status: token as Session['status'],
      }),
      revoke: async () => undefined,
    };
    const { app } = await siteApp(s.db, testConfig(), { sessions });
    try {
      for (const [status, reason] of [
        ['suspended', 'error.user.suspended'],
        ['inactive', 'error.email.need_to_be_verified'],
      ] as const) {
        for (const method of ['GET', 'PUT'] as const) {
          const reply = await app.inject({
            method,
            url: '/answer/admin/api/siteinfo/general',
            headers: { authorization: status },
            ...(method === 'PUT' ? { payload: await read(s, '/siteinfo/general') } : {}),
          });
          expect(reply.statusCode, `${status} ${method}`).toBe(403);
          expect(reply.json().reason).toBe(reason);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('a body of the wrong shape gets 400 with field errors, never a 500', async () => {
    for (const url of SETTINGS_PATHS) {
      for (const payload of [{}, { level: 'high', name: 5, permalink: 'x', allow_email_domains: 'a.com' }]) {
        const reply = await s.admin({ method: 'PUT', url, payload, as: 'admin' });
        expect(reply.status, url).toBe(400);
        expect(reply.body.reason).toBe('base.request_format_error');
        expect(Array.isArray(reply.body.data), url).toBe(true);
      }
    }
  });
});
