import type { PinnedSettings, SiteTheme } from '@agora/shared-api/contract';
import type { SiteSettings } from '../../src/modules/settings/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { testConfig } from '../helpers';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('settings pinned by the configuration file on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(
      target,
      testConfig({
        site: {
          general: { name: 'Pinned Site' },
          login: { login_required: false, allow_email_domains: ['example.com'] },
          theme: { theme_config: { default: { primary_color: '#112233' } } },
          smtp: { smtp_host: 'smtp.pinned.example.com' },
        },
      }),
    );
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('GET setting/pinned names the fixed fields per admin path', async () => {
    const reply = await s.admin<PinnedSettings>({ method: 'GET', url: '/setting/pinned', as: 'admin' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      'siteinfo/general': ['name'],
      'siteinfo/login': ['allow_email_domains', 'login_required'],
      'siteinfo/security': ['login_required'],
      'siteinfo/theme': ['theme_config'],
      'setting/smtp': ['smtp_host'],
    });
  });

  it('a PUT that changes a pinned field is refused on that field; one that keeps it passes', async () => {
    const general = await read<SiteSettings['general']>(s, '/siteinfo/general');
    expect(general.name).toBe('Pinned Site');
    await expectRefused(s, '/siteinfo/general', general, { name: 'Another Name' }, 'name', /configuration file/);
    const kept = await put<SiteSettings['general']>(s, '/siteinfo/general', {
      ...general,
      description: 'Now described',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ name: 'Pinned Site', description: 'Now described' });

    const theme = await read<SiteTheme>(s, '/siteinfo/theme');
    expect(theme.theme_config.default?.primary_color).toBe('#112233');
    const recolored = { default: { ...theme.theme_config.default!, primary_color: '#445566' } };
    await expectRefused(s, '/siteinfo/theme', theme, { theme_config: recolored }, 'theme_config');
    const navbar = { default: { ...theme.theme_config.default!, navbar_style: 'light' } };
    expect((await put(s, '/siteinfo/theme', { ...theme, theme_config: navbar })).status).toBe(200);

    const login = await read(s, '/siteinfo/login');
    await expectRefused(s, '/siteinfo/login', login, { allow_email_domains: ['other.org'] }, 'allow_email_domains');
    expect((await put(s, '/siteinfo/login', { ...login, allow_password_login: false })).status).toBe(200);
    const security = await read(s, '/siteinfo/security');
    await expectRefused(s, '/siteinfo/security', security, { login_required: true }, 'login_required');
    expect((await read(s, '/siteinfo/login')).login_required).toBe(false);
  });

  it('setting/smtp: a changed pinned host is refused and nothing is saved', async () => {
    const body = {
      from_email: 'robot@qa.example.com',
      from_name: 'QA Robot',
      smtp_host: 'smtp.other.example.com',
      smtp_port: 2525,
      encryption: '',
      smtp_authentication: false,
    };
    const refused = await put(s, '/setting/smtp', body);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      { error_field: 'smtp_host', error_msg: expect.stringMatching(/configuration file/) },
    ]);
    expect((await read(s, '/setting/smtp')).smtp_port).toBe(25);
    expect((await put(s, '/setting/smtp', { ...body, smtp_host: 'smtp.pinned.example.com' })).status).toBe(200);
    expect((await read(s, '/setting/smtp')).smtp_port).toBe(2525);
  });
});
