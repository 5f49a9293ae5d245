import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminSite, type AdminSite } from '../admin-users/helpers';
import { testDatabases } from '../db/databases';
import { ADMIN_IP, auditCalls } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Every settings route of the admin API and the group its entry names. */
const GROUPS: [path: string, group: string][] = [
  ['/siteinfo/general', 'general'],
  ['/siteinfo/interface', 'interface'],
  ['/siteinfo/users-settings', 'users'],
  ['/siteinfo/users', 'users'],
  ['/siteinfo/polices', 'legal'],
  ['/siteinfo/security', 'security'],
  ['/siteinfo/seo', 'seo'],
  ['/siteinfo/login', 'login'],
  ['/siteinfo/theme', 'theme'],
  ['/siteinfo/custom-css-html', 'custom_css_html'],
  ['/siteinfo/branding', 'branding'],
  ['/siteinfo/advanced', 'advanced'],
  ['/siteinfo/question', 'question'],
  ['/siteinfo/moderation', 'moderation'],
  ['/siteinfo/tag', 'tag'],
  ['/setting/smtp', 'smtp'],
];

/** Values the defaults leave empty and a save requires. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  '/siteinfo/general': { contact_email: 'owner@example.com' },
  '/setting/smtp': {
    from_email: 'site@example.com',
    from_name: 'Site',
    smtp_host: 'smtp.example.com',
    smtp_port: 25,
    smtp_authentication: false,
  },
};

describe.each(available)('audit entries of settings saves on $label', (target) => {
  let s: AdminSite;
  let calls: ReturnType<typeof auditCalls>;
  let adminName: string;

  beforeAll(async () => {
    s = await adminSite(target);
    calls = auditCalls(s);
    const row = await s.db.selectFrom('user').select('username').where('id', '=', s.admin.id).executeTakeFirstOrThrow();
    adminName = row.username;
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it.each(GROUPS)('PUT %s writes settings.saved for %s, by the admin, from the client address', async (path, group) => {
    const { admin, latest } = calls;
    const current = await admin<Record<string, unknown>>('GET', path);
    expect(current.status).toBe(200);
    const body = { ...current.body.data, ...REQUIRED[path] };
    for (let i = 0; i < 2; i++) {
      const saved = await admin('PUT', path, body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'settings.saved',
      actor: { user_id: String(s.admin.id), name: adminName, exists: true },
      target: { type: 'settings', id: group, name: group },
      ip: ADMIN_IP,
    });
    // The second save, the same values again: saved, nothing changed.
    expect(entry.detail.fields).toEqual([]);
    expect(Math.abs(entry.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('names the fields a save changed; custom head, CSS and branding included', async () => {
    const { admin, latest } = calls;
    const css = (await admin<Record<string, string>>('GET', '/siteinfo/custom-css-html')).body.data;
    await admin('PUT', '/siteinfo/custom-css-html', {
      ...css,
      custom_head: '<script src="https://evil.example/x.js"></script>',
      custom_css: 'body { color: red }',
    });
    expect((await latest()).detail.fields).toEqual(['custom_css', 'custom_head']);
    const general = (await admin<Record<string, string>>('GET', '/siteinfo/general')).body.data;
    await admin('PUT', '/siteinfo/general', { ...general, name: 'Renamed site' });
    expect(await latest()).toMatchObject({ target: { id: 'general' }, detail: { fields: ['name'] } });
    const branding = (await admin<Record<string, string>>('GET', '/siteinfo/branding')).body.data;
    await admin('PUT', '/siteinfo/branding', { ...branding, logo: 'https://cdn.example.com/logo.png' });
    expect(await latest()).toMatchObject({ target: { id: 'branding' }, detail: { fields: ['logo'] } });
  });

  it('SMTP: the password is named as changed, its value never stored nor shown', async () => {
    const { admin, latest, rawRows, page } = calls;
    const secret = 'Sup3r-secret-SMTP-pass';
    const body = {
      from_email: 'mailer@example.com',
      from_name: 'Mailer',
      smtp_host: 'mail.example.net',
      smtp_port: 587,
      encryption: '',
      smtp_username: 'mailer',
      smtp_password: secret,
      smtp_authentication: true,
    };
    const res = await admin('PUT', '/setting/smtp', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = await latest();
    expect(entry.target).toEqual({ type: 'settings', id: 'smtp', name: 'smtp' });
    expect(entry.detail.fields).toEqual(
      expect.arrayContaining(['from_email', 'smtp_host', 'smtp_username', 'smtp_password']),
    );
    // The masked password sent back keeps the stored one: no change to name.
    await admin('PUT', '/setting/smtp', { ...body, smtp_password: '*'.repeat(secret.length) });
    expect((await latest()).detail.fields).toEqual([]);
    expect(await rawRows()).not.toContain(secret);
    expect(JSON.stringify(await page('page_size=100'))).not.toContain(secret);
  });

  it('privileges: the level and the privileges whose reputation changed', async () => {
    const { admin, latest } = calls;
    const res = await admin('PUT', '/setting/privileges', { level: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'settings.saved',
      target: { type: 'settings', id: 'privileges' },
      detail: { from: '2', to: '3' },
    });
    expect(entry.detail.fields?.[0]).toBe('level');
    expect(entry.detail.fields?.length).toBeGreaterThan(1);
  });

  it('a refused save (field errors) writes nothing', async () => {
    const { admin, count } = calls;
    const before = await count();
    const res = await admin('PUT', '/siteinfo/general', {
      name: '',
      short_description: '',
      description: '',
      site_url: 'not a url',
      contact_email: 'nobody',
    });
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
  });
});
