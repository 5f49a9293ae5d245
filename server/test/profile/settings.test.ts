import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown, sanitizeMemberHtml } from '../../src/lib/markdown';
import { gravatarUrl } from '../../src/modules/profile/avatar';
import { ADMIN } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { profileSite, type ProfileSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const V1 = '/answer/api/v1';
const ONE_LINE = 'Must be a single line: line breaks, tabs and other control characters are not allowed.';
type FieldErrors = Array<{ error_field: string; error_msg: string }>;

describe.each(available)('users settings on $label', (target) => {
  let s: ProfileSite;
  let userId: number;
  let token: string;
  const email = 'Pat.Person@Example.com';

  beforeAll(async () => {
    s = await profileSite(target, { demo: false });
    const user = await s.accounts.createUser({
      username: 'pat',
      email,
      password: 'pat-password-1',
      displayName: 'Pat',
      mailStatus: 1,
    });
    userId = user.id;
    await s.accounts.createUser({ username: 'taken-name', email: 'taken@example.com', password: null, mailStatus: 1 });
    const outcome = await s.accounts.loginWithEmail(email, 'pat-password-1');
    if (outcome.kind !== 'ok') throw new Error('login failed');
    token = outcome.token;
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    await s.settings.set('users', {
      ...(await s.settings.get('users')),
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    });
    await s.db
      .updateTable('user')
      .set({
        username: 'pat',
        username_key: 'pat',
        display_name: 'Pat',
        bio: '',
        bio_html: '',
        website: '',
        location: '',
        avatar: '',
        role_id: 1,
      })
      .where('id', '=', userId)
      .execute();
  });

  const put = (body: Record<string, unknown>, t: string | null = token) =>
    s.call<FieldErrors | null>({ method: 'PUT', url: `${V1}/user/info`, payload: body, token: t ?? undefined });
  const base = { display_name: 'Pat', username: 'pat' };
  const stored = () => s.db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

  it('saves every field; the bio is rendered to HTML; GET personal/user/info shows it', async () => {
    const res = await put({
      display_name: '  Pat Q. Person ',
      username: 'Pat.Person_2',
      bio: 'Hello **world** [site](https://example.com)',
      website: 'https://pat.example.com/about',
      location: 'Lisbon',
      avatar: { type: 'system' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, reason: 'base.success', data: null });
    const row = await stored();
    expect(row).toMatchObject({
      display_name: 'Pat Q. Person',
      username: 'Pat.Person_2',
      username_key: 'pat.person_2',
      website: 'https://pat.example.com/about',
      location: 'Lisbon',
    });
    expect(row.bio_html).toBe(
      '<p>Hello <strong>world</strong> <a href="https://example.com" rel="nofollow ugc noopener">site</a></p>',
    );
    const profile = await s.call<Record<string, unknown>>({
      method: 'GET',
      url: `${V1}/personal/user/info?username=pat.person_2`,
    });
    expect(profile.body.data).toMatchObject({
      display_name: 'Pat Q. Person',
      location: 'Lisbon',
      bio_html: row.bio_html,
    });
  });

  it.each([
    [{ display_name: '   ' }, 'display_name', 'Display name cannot be empty.'],
    [{ display_name: 'x'.repeat(31) }, 'display_name', 'Display name can be at most 30 characters.'],
    [{ display_name: 'Pat\r\nPerson' }, 'display_name', ONE_LINE],
    [{ display_name: 'Pat\u0007Person' }, 'display_name', ONE_LINE],
    [{ username: '' }, 'username', 'Username cannot be empty.'],
    [{ username: 'a' }, 'username', 'Username must be 2 to 30 characters.'],
    [{ username: 'a'.repeat(31) }, 'username', 'Username must be 2 to 30 characters.'],
    [{ username: 'pat!' }, 'username', 'Must use the character set "a-z", "0-9", " - . _".'],
    [{ username: 'pät' }, 'username', 'Must use the character set "a-z", "0-9", " - . _".'],
    [{ username: 'Taken-Name' }, 'username', 'This username is already taken.'],
    [{ username: 'Admin' }, 'username', 'This username is reserved. Choose another one.'],
    [{ website: 'pat.example.com' }, 'website', 'Enter a full web address starting with http:// or https://.'],
    [{ website: 'javascript:alert(1)' }, 'website', 'Enter a full web address starting with http:// or https://.'],
    [{ website: `https://e.com/${'a'.repeat(500)}` }, 'website', 'Website can be at most 500 characters.'],
    [{ location: 'l'.repeat(101) }, 'location', 'Location can be at most 100 characters.'],
    [{ location: 'Lisbon\nPortugal' }, 'location', ONE_LINE],
    [{ website: 'https://pat.example.com/\u0001' }, 'website', ONE_LINE],
    [{ bio: 'b'.repeat(4097) }, 'bio', 'About me can be at most 4096 characters.'],
    [{ avatar: { type: 'custom', custom: 'https://evil.example.com/x.png' } }, 'avatar', 'Please upload an avatar.'],
  ])('refuses %j with a field error', async (patch, field, message) => {
    const res = await put({ ...base, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('base.request_format_error');
    expect(res.body.data).toEqual([{ error_field: field, error_msg: message }]);
    expect(res.body.msg).toBe(message);
    const row = await stored();
    expect(row.username).toBe('pat');
  });

  it('reports every failing field at once and changes nothing', async () => {
    const res = await put({ display_name: '', username: 'no way', website: 'ftp://x', location: 'Porto' });
    expect(res.status).toBe(400);
    expect((res.body.data as FieldErrors).map((e) => e.error_field).sort()).toEqual(['display_name', 'website']);
    expect((await stored()).location).toBe('');
  });

  it('allows spaces, letters of either case and keeps usernames unique by key (any letter case)', async () => {
    expect((await put({ ...base, username: 'TAKEN-NAME' })).status).toBe(400);
    expect((await put({ ...base, username: 'Pat Two' })).status).toBe(200);
    expect((await stored()).username_key).toBe('pat two');
  });

  it('lets staff take a reserved name', async () => {
    await s.db.updateTable('user').set({ role_id: 3 }).where('id', '=', userId).execute();
    const session = await s.accounts.loginWithEmail(email, 'pat-password-1');
    if (session.kind !== 'ok') throw new Error('login failed');
    expect((await put({ ...base, username: 'support' }, session.token)).status).toBe(200);
  });

  it('ignores nothing silently: unknown keys (mass assignment) are refused and nothing changes', async () => {
    for (const extra of [
      { role_id: 2 },
      { rank: 100000 },
      { status: 1 },
      { e_mail: 'x@example.com' },
      { mail_status: 1 },
      { created_at: 1 },
    ]) {
      const res = await put({ ...base, location: 'Mars', ...extra });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ error_field: Object.keys(extra)[0], error_msg: 'This field is not allowed.' }]);
    }
    const row = await stored();
    expect(row).toMatchObject({ role_id: 1, location: '', e_mail: email });
    expect(row.rank).toBeLessThan(100000);
  });

  it.each([
    ['allow_update_display_name', { display_name: 'New Name' }, 'display_name'],
    ['allow_update_username', { username: 'new-name' }, 'username'],
    ['allow_update_bio', { bio: 'new bio' }, 'bio'],
    ['allow_update_website', { website: 'https://new.example.com' }, 'website'],
    ['allow_update_location', { location: 'Elsewhere' }, 'location'],
    ['allow_update_avatar', { avatar: { type: 'gravatar' } }, 'avatar'],
  ])('honours %s: a change is refused (400), the unchanged value passes', async (setting, patch, field) => {
    await s.settings.set('users', { ...(await s.settings.get('users')), [setting]: false });
    const refused = await put({ ...base, ...patch });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      { error_field: field, error_msg: 'This site does not allow changing this field.' },
    ]);
    const before = await stored();
    const unchanged = await put({
      ...base,
      bio: before.bio,
      website: before.website,
      location: before.location,
      avatar: { type: 'system' },
    });
    expect(unchanged.status).toBe(200);
  });

  it('gravatar: stores and shows the Gravatar URL of the address (never the address)', async () => {
    expect((await put({ ...base, avatar: { type: 'gravatar', gravatar: 'javascript:alert(1)' } })).status).toBe(200);
    const expected = gravatarUrl(email, 'https://www.gravatar.com/avatar/');
    expect(expected).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=96&d=identicon$/);
    const profile = await s.call<{ avatar: string }>({ method: 'GET', url: `${V1}/personal/user/info?username=pat` });
    expect(profile.body.data.avatar).toBe(expected);
    expect(JSON.parse((await stored()).avatar)).toEqual({ type: 'gravatar', gravatar: expected });
    expect(JSON.stringify(profile.body)).not.toContain('javascript');
  });

  it('needs an active login', async () => {
    expect((await put(base, null)).status).toBe(401);
    expect((await put(base, 'not-a-token')).status).toBe(401);
  });

  it('PUT user/interface: a language option or Default; unknown colour schemes become default', async () => {
    const put = (body: Record<string, unknown>) =>
      s.call<FieldErrors | null>({ method: 'PUT', url: `${V1}/user/interface`, payload: body, token });
    expect((await put({ language: 'zh_CN', color_scheme: 'dark' })).status).toBe(200);
    expect(await stored()).toMatchObject({ language: 'zh_CN', color_scheme: 'dark' });
    expect((await put({ language: 'Default', color_scheme: 'neon' })).status).toBe(200);
    expect(await stored()).toMatchObject({ language: 'Default', color_scheme: 'default' });
    const bad = await put({ language: 'xx_XX', color_scheme: 'light' });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ error_field: 'language', error_msg: 'Choose one of the languages offered.' }]);
    expect((await stored()).language).toBe('Default');
    const zh = await s.call({
      method: 'PUT',
      url: `${V1}/user/interface`,
      payload: { language: 'fr', color_scheme: 'light' },
      token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.msg).toBe('请从提供的语言中选择。');
  });

  it('notification config: defaults (inbox on), round trip, own only, shape checked', async () => {
    const get = (t = token) => s.call({ method: 'GET', url: `${V1}/user/notification/config`, token: t });
    expect((await get()).body.data).toEqual({
      inbox: { key: 'email', enable: true },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: false },
      weekly_digest: { key: 'email', enable: false },
    });
    const next = {
      inbox: { key: 'email', enable: false },
      all_new_question: { key: 'email', enable: true },
      all_new_question_for_following_tags: { key: 'email', enable: true },
      weekly_digest: { key: 'email', enable: true },
    };
    const saved = await s.call({ method: 'PUT', url: `${V1}/user/notification/config`, payload: next, token });
    expect(saved.status).toBe(200);
    expect((await get()).body.data).toEqual(next);
    // Saved again (rows exist): updated in place.
    await s.call({
      method: 'PUT',
      url: `${V1}/user/notification/config`,
      payload: { ...next, inbox: { key: 'email', enable: true } },
      token,
    });
    expect((await get()).body.data).toMatchObject({ inbox: { enable: true }, all_new_question: { enable: true } });
    const rows = await s.db.selectFrom('user_notification_config').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(4);
    // weekly_digest left out of a PUT: kept as it was.
    const { weekly_digest: _left, ...withoutDigest } = next;
    await s.call({ method: 'PUT', url: `${V1}/user/notification/config`, payload: withoutDigest, token });
    expect((await get()).body.data).toMatchObject({ weekly_digest: { enable: true } });
    // Another member's settings are untouched and their own.
    const admin = await s.token(ADMIN.email);
    expect((await get(admin)).body.data).toMatchObject({
      inbox: { enable: true },
      all_new_question: { enable: false },
    });
    const malformed = await s.call({
      method: 'PUT',
      url: `${V1}/user/notification/config`,
      payload: { ...next, inbox: { key: 'sms', enable: true } },
      token,
    });
    expect(malformed.status).toBe(400);
    expect((await s.call({ method: 'GET', url: `${V1}/user/notification/config` })).status).toBe(401);
  });
});

describe('member markdown (bio)', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](javascript&#58;alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="https://evil.example.com"></iframe>',
    '<svg onload=alert(1)>',
    '[x](https://ok.example.com "title\\" onmouseover=\\"alert(1)")',
    '<style>body{display:none}</style>',
    '<details open ontoggle=alert(1)>',
  ];

  /** Every real tag of the output (escaped text such as &lt;img ...&gt; is not a tag). */
  const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
  /** Attribute names of a tag (values are quoted by the serializer; quotes inside are &quot;). */
  const attributesOf = (tag: string) => [...tag.matchAll(/\s([a-z-]+)(?==")/gi)].map((m) => m[1]!.toLowerCase());
  const SAFE_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'rel', 'start', 'align', 'class'];
  const ALLOWED =
    /^<(p|br|hr|h[1-6]|strong|em|b|i|s|del|code|pre|blockquote|ul|ol|li|a|img|table|thead|tbody|tr|th|td)[\s/>]/i;

  it.each(hostile)('renders %j to nothing executable', (source) => {
    const html = renderMarkdown(source);
    for (const tag of tagsOf(html)) {
      expect(tag).toMatch(ALLOWED);
      for (const name of attributesOf(tag)) expect(SAFE_ATTRIBUTES).toContain(name);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"?\s*(javascript|vbscript|data):/i);
    }
    // Idempotent: sanitizing the output again changes nothing.
    expect(sanitizeMemberHtml(html)).toBe(html);
    expect(renderMarkdown(source)).toBe(html);
  });

  it.each([
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)><script>alert(1)</script></svg>',
    '<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<img src="data:image/png;base64,AAAA">',
  ])('the sanitizer alone strips %j (defence in depth)', (html) => {
    const clean = sanitizeMemberHtml(html);
    for (const tag of tagsOf(clean)) {
      expect(tag).toMatch(ALLOWED);
      for (const name of attributesOf(tag)) expect(SAFE_ATTRIBUTES).toContain(name);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"?\s*(javascript|vbscript|data):/i);
    }
    expect(clean).not.toMatch(/<script|<svg/i);
  });

  it('keeps ordinary markdown and marks links nofollow ugc noopener', () => {
    expect(renderMarkdown('# Hi\n\n*a* `b`\n\n- c\n\n<https://x.example.com>')).toBe(
      '<h1>Hi</h1>\n<p><em>a</em> <code>b</code></p>\n<ul>\n<li>c</li>\n</ul>\n<p><a href="https://x.example.com" rel="nofollow ugc noopener">https://x.example.com</a></p>',
    );
    expect(sanitizeMemberHtml('<a href="https://e.com" rel="opener" target="_blank">e</a>')).toBe(
      '<a href="https://e.com" rel="nofollow ugc noopener">e</a>',
    );
    expect(renderMarkdown('   ')).toBe('');
  });
});
