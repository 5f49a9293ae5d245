import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSite } from '../../src/modules/install/install';
import { BASE_INFO, installConfig, TestHost } from './helpers';
import path from 'node:path';

vi.setConfig({ testTimeout: 60_000 });

const hosts: TestHost[] = [];
afterEach(async () => {
  while (hosts.length) await hosts.pop()!.destroy();
});

describe('an installed site with `site` settings in the config file', () => {
  it('serves the pinned settings over the stored ones', async () => {
    const config = installConfig();
    await installSite({
      dataDir: config.dataDir,
      database: { type: 'sqlite3', file: path.join(config.dataDir, 'site.db') },
      baseInfo: BASE_INFO,
    });
    const server = await TestHost.start({
      ...config,
      site: {
        general: { name: 'Pinned Name' },
        login: { login_required: true },
        legal: { terms_of_service_original_text: 'Be kind.' },
      },
    });
    hosts.push(server);
    expect(server.host.installed).toBe(true);
    const info = await server.get<{
      general: { name: string; contact_email: string };
      login: { login_required: boolean };
      site_security: { login_required: boolean };
    }>('/answer/api/v1/siteinfo');
    expect(info.body.data.general).toMatchObject({ name: 'Pinned Name', contact_email: BASE_INFO.contact_email });
    expect(info.body.data.login.login_required).toBe(true);
    expect(info.body.data.site_security.login_required).toBe(true);
    const legal = await server.get<{ terms_of_service_parsed_text: string }>(
      '/answer/api/v1/siteinfo/legal?info_type=tos',
    );
    expect(legal.status).toBe(200);
    expect(legal.body.data.terms_of_service_parsed_text).toBe('<p>Be kind.</p>');
  });
});
