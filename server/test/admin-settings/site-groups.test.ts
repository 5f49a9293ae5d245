import type { LegalInfo, SiteInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('general, interface, users, legal, security and SEO settings on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });
  const siteinfo = async () => (await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' })).body.data;

  const general = {
    name: 'Agora Test',
    short_description: 'Short',
    description: 'Long',
    site_url: 'https://qa.example.com',
    contact_email: 'contact@example.com',
  };

  it('general: saved trimmed, the URL normalised, and siteinfo serves it at once', async () => {
    const saved = await put(s, '/siteinfo/general', {
      ...general,
      name: '  Renamed Site  ',
      site_url: 'HTTPS://Forum.Example.com:8443/qa/?x=1#top',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Renamed Site', site_url: 'https://forum.example.com:8443/qa' });
    expect((await siteinfo()).general).toMatchObject({
      name: 'Renamed Site',
      site_url: 'https://forum.example.com:8443/qa',
    });
    await put(s, '/siteinfo/general', general);
  });

  it('general: each bad value is refused on its field and nothing is saved', async () => {
    const url = '/siteinfo/general';
    await expectRefused(s, url, general, { name: ' A ' }, 'name', /at least 2/);
    await expectRefused(s, url, general, { name: 'n'.repeat(129) }, 'name', /at most 128/);
    await expectRefused(s, url, general, { short_description: 's'.repeat(256) }, 'short_description');
    await expectRefused(s, url, general, { description: 'd'.repeat(2001) }, 'description');
    await expectRefused(s, url, general, { site_url: '' }, 'site_url', /required/);
    await expectRefused(s, url, general, { site_url: 'ftp://qa.example.com' }, 'site_url', /URL/);
    await expectRefused(s, url, general, { site_url: `https://qa.example.com/${'p'.repeat(520)}` }, 'site_url');
    await expectRefused(s, url, general, { contact_email: '' }, 'contact_email');
    await expectRefused(s, url, general, { contact_email: 'not-mail' }, 'contact_email', /email/);
  });

  it('interface: an installed language and an IANA time zone (empty means UTC)', async () => {
    const url = '/siteinfo/interface';
    const saved = await put(s, url, { language: 'zh_CN', time_zone: 'Asia/Shanghai' });
    expect(saved.body.data).toEqual({ language: 'zh_CN', time_zone: 'Asia/Shanghai' });
    expect((await siteinfo()).interface).toMatchObject({ language: 'zh_CN', time_zone: 'Asia/Shanghai' });
    expect((await put(s, url, { language: 'en_US', time_zone: '' })).body.data).toEqual({
      language: 'en_US',
      time_zone: 'UTC',
    });
    const ok = { language: 'en_US', time_zone: 'UTC' };
    await expectRefused(s, url, ok, { language: 'fr_FR' }, 'language', /en_US, zh_CN/);
    await expectRefused(s, url, ok, { time_zone: 'Mars/Olympus' }, 'time_zone', /time zone/);
  });

  it('users-settings and users: the avatar and the profile switches, seen by siteinfo', async () => {
    const settings = await put(s, '/siteinfo/users-settings', {
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://cdn.example.com/avatar/',
    });
    expect(settings.body.data).toEqual({
      default_avatar: 'gravatar',
      gravatar_base_url: 'https://cdn.example.com/avatar/',
    });
    const info = await siteinfo();
    expect(info.users_settings).toEqual(settings.body.data);
    expect(info.site_users).toMatchObject({ default_avatar: 'gravatar', allow_update_bio: true });
    const users = await read(s, '/siteinfo/users');
    expect((await put(s, '/siteinfo/users', { ...users, allow_update_bio: false })).status).toBe(200);
    expect((await siteinfo()).site_users.allow_update_bio).toBe(false);
    // The switch holds at once: a member's bio change is refused.
    const profile = await s.call({
      method: 'PUT',
      url: '/user/info',
      as: 'alice',
      payload: { display_name: 'Alice', username: 'alice', avatar: { type: 'default' }, bio: 'new bio' },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.data).toEqual([{ error_field: 'bio', error_msg: expect.any(String) }]);
    await expectRefused(s, '/siteinfo/users', users, { default_avatar: 'robohash' }, 'default_avatar');
    await expectRefused(s, '/siteinfo/users', users, { gravatar_base_url: 'javascript:alert(1)' }, 'gravatar_base_url');
    await expectRefused(
      s,
      '/siteinfo/users-settings',
      { default_avatar: 'system' },
      { gravatar_base_url: 'not a url' },
      'gravatar_base_url',
    );
  });

  it('polices: the HTML is derived from the text and sanitised; the legal route serves both', async () => {
    const saved = await put(s, '/siteinfo/polices', {
      terms_of_service_original_text: '# Terms\n\nBe **kind**. <script>alert(1)</script>',
      terms_of_service_parsed_text: '<img src=x onerror=alert(1)>',
      privacy_policy_original_text: 'https://example.com/privacy',
    });
    expect(saved.status).toBe(200);
    const tos = saved.body.data as Record<string, string>;
    expect(tos.terms_of_service_parsed_text).toContain('<strong>kind</strong>');
    expect(tos.terms_of_service_parsed_text).not.toMatch(/<script|onerror/);
    const legal = await s.call<LegalInfo>({ method: 'GET', url: '/siteinfo/legal?info_type=privacy' });
    expect(legal.body.data.privacy_policy_original_text).toBe('https://example.com/privacy');
    const url = '/siteinfo/polices';
    const ok = { terms_of_service_original_text: '', privacy_policy_original_text: '' };
    await expectRefused(
      s,
      url,
      ok,
      { privacy_policy_original_text: 'p'.repeat(65_537) },
      'privacy_policy_original_text',
    );
  });

  it('security: external content display and the private switch, in siteinfo', async () => {
    const url = '/siteinfo/security';
    const saved = await put(s, url, {
      login_required: false,
      external_content_display: 'always_display',
      check_update: false,
    });
    expect(saved.body.data).toEqual({
      login_required: false,
      external_content_display: 'always_display',
      check_update: false,
    });
    const info = await siteinfo();
    expect(info.site_security).toEqual(saved.body.data);
    expect(info.site_legal).toEqual({ external_content_display: 'always_display' });
    const ok = { login_required: false, external_content_display: 'ask_before_display', check_update: true };
    await expectRefused(s, url, ok, { external_content_display: 'never' }, 'external_content_display');
  });

  it('seo: the permalink reaches siteinfo, robots.txt serves the text; permalink 0 or 5 is refused', async () => {
    const url = '/siteinfo/seo';
    const saved = await put(s, url, { permalink: 3, robots: 'User-agent: *\r\nDisallow: /private\r\n' });
    expect(saved.body.data).toEqual({ permalink: 3, robots: 'User-agent: *\nDisallow: /private\n' });
    expect((await siteinfo()).site_seo.permalink).toBe(3);
    const robots = await s.app.inject({ method: 'GET', url: '/robots.txt' });
    // The sitemap index's address follows the administrator's text (unless the text names one).
    expect(robots.body).toBe('User-agent: *\nDisallow: /private\nSitemap: https://qa.example.com/sitemap.xml\n');
    const ok = { permalink: 2, robots: '' };
    await expectRefused(s, url, ok, { permalink: 0 }, 'permalink');
    await expectRefused(s, url, ok, { permalink: 5 }, 'permalink');
    await expectRefused(s, url, ok, { robots: 'r'.repeat(65_537) }, 'robots');
  });
});
