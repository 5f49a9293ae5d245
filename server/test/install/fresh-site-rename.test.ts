import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installSettings } from '../../src/modules/install/install';
import { testDatabases, type FreshDatabase } from '../db/databases';
import { ADMIN, BASE_INFO, dbBody, TestHost } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

interface General {
  name: string;
  short_description: string;
  description: string;
  site_url: string;
  contact_email: string;
}

describe('the description a new site starts with', () => {
  it('names the site, in the language chosen at install', () => {
    expect(installSettings(BASE_INFO).general.description).toBe(
      'Installed Agora is a community where members ask questions, share answers and learn together.',
    );
    expect(installSettings({ ...BASE_INFO, lang: 'zh_CN' }).general.description).toBe(
      'Installed Agora 是一个问答社区，成员在这里提问、分享答案、共同学习。',
    );
  });
});

// What is written does not depend on the database: one is enough.
describe.each(available.slice(0, 1))('renaming a freshly installed site on $label', (target) => {
  let fresh: FreshDatabase;
  let server: TestHost;

  beforeAll(async () => {
    fresh = await target.fresh();
    server = await TestHost.start();
    if (fresh.config.type === 'sqlite3')
      fresh = { ...fresh, config: { ...fresh.config, file: path.join(server.config.dataDir, 'site.sqlite3') } };
    expect((await server.post('/installation/init', dbBody(fresh.config))).status).toBe(200);
    expect((await server.post('/installation/base-info', BASE_INFO)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.destroy();
    await fresh?.drop();
  });

  it('General holds every field it requires, so the name alone can change', async () => {
    const login = await server.post<{ access_token: string }>('/answer/api/v1/user/login/email', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    const token = login.body.data.access_token;
    const general = await server.get<General>('/answer/admin/api/siteinfo/general', { token });
    expect(general.status).toBe(200);
    // Every field the General form requires is filled in.
    for (const field of ['name', 'short_description', 'description', 'site_url', 'contact_email'] as const)
      expect([field, general.body.data[field].trim()]).not.toEqual([field, '']);

    const saved = await server.request<General>('PUT', '/answer/admin/api/siteinfo/general', {
      token,
      body: { ...general.body.data, name: 'Renamed Agora' },
    });
    expect(saved.status, saved.text).toBe(200);
    const info = await server.get<{ general: General }>('/answer/api/v1/siteinfo');
    expect(info.body.data.general).toMatchObject({ name: 'Renamed Agora', description: general.body.data.description });
  });
});
