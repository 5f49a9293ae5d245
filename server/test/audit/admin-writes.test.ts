import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, adminSite, API, questionBody, type AdminSite, type TestAccount } from '../admin-users/helpers';
import { testDatabases } from '../db/databases';
import { ADMIN_IP, auditCalls } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Every write of the admin API, each covered by a test here or in settings.test.ts. */
const AUDITED_WRITES = [
  'DELETE /delete/permanently',
  'POST /user',
  'POST /user/activation',
  'POST /users',
  'PUT /answer/status',
  'PUT /badge/status',
  'PUT /plugin/status',
  'PUT /question/status',
  'PUT /setting/privileges',
  'PUT /setting/smtp',
  'PUT /siteinfo/advanced',
  'PUT /siteinfo/branding',
  'PUT /siteinfo/custom-css-html',
  'PUT /siteinfo/general',
  'PUT /siteinfo/interface',
  'PUT /siteinfo/login',
  'PUT /siteinfo/moderation',
  'PUT /siteinfo/polices',
  'PUT /siteinfo/question',
  'PUT /siteinfo/security',
  'PUT /siteinfo/seo',
  'PUT /siteinfo/tag',
  'PUT /siteinfo/theme',
  'PUT /siteinfo/users',
  'PUT /siteinfo/users-settings',
  'PUT /user/password',
  'PUT /user/profile',
  'PUT /user/role',
  'PUT /user/status',
];

/** The full paths of fastify's route tree (printRoutes without a common prefix) that have a method. */
function routePaths(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = (depth ? stack[depth - 1] : '') + match[2]!;
    if (match[3]) found.push(stack[depth]!);
  }
  return found;
}

/** Accounts, posts, plugins and badges: each kind of admin change writes its entry. */
describe.each(available)('audit entries of admin changes on $label', (target) => {
  let s: AdminSite;
  let calls: ReturnType<typeof auditCalls>;
  let adminName: string;
  let member: TestAccount;
  let memberName: string;

  const usernameOf = async (id: number) =>
    (await s.db.selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
  const entryFor = (action: string, targetId: string) => ({
    action,
    actor: { user_id: String(s.admin.id), name: adminName, exists: true },
    target: { type: 'user', id: targetId },
    ip: ADMIN_IP,
  });

  beforeAll(async () => {
    s = await adminSite(target);
    calls = auditCalls(s);
    adminName = await usernameOf(s.admin.id);
    member = await s.member('Audited Member');
    memberName = await usernameOf(member.id);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('every write route of the admin API is one these tests cover', () => {
    const writes = ['PUT', 'POST', 'DELETE', 'PATCH'].flatMap((method) =>
      routePaths(s.app.printRoutes({ method, commonPrefix: false }))
        .filter((path) => path.startsWith(ADMIN_API))
        .map((path) => `${method} ${path.slice(ADMIN_API.length)}`),
    );
    expect(writes.sort()).toEqual(AUDITED_WRITES);
  });

  it('adding one member and a bulk import', async () => {
    const { admin, latest } = calls;
    const one = await admin('POST', '/user', {
      display_name: 'Single Added',
      email: 'single.added@example.com',
      password: 'single added secret',
    });
    expect(one.status).toBe(200);
    const row = await s.db
      .selectFrom('user')
      .select(['id', 'username'])
      .where('e_mail_key', '=', 'single.added@example.com')
      .executeTakeFirstOrThrow();
    expect(await latest('user.added')).toMatchObject({
      ...entryFor('user.added', String(row.id)),
      target: { type: 'user', id: String(row.id), name: row.username },
    });
    const bulk = await admin('POST', '/users', {
      users: 'Bulk One,bulk1@example.com,bulk secret one\nBulk Two,bulk2@example.com,bulk secret two',
    });
    expect(bulk.status).toBe(200);
    const entry = await latest('user.bulk_added');
    // The import is queued as a background job: the entry counts the lines it was given.
    expect(entry).toMatchObject({ ip: ADMIN_IP, detail: { count: 2 } });
    expect(await calls.rawRows()).not.toMatch(/secret (one|two)|single added secret/);
  });

  it('role, status, password, profile: who, what, from and to; never the password', async () => {
    const { admin, latest, rawRows } = calls;
    const id = String(member.id);
    expect((await admin('PUT', '/user/role', { user_id: id, role_id: 3 })).status).toBe(200);
    expect(await latest('user.role_changed')).toMatchObject({
      ...entryFor('user.role_changed', id),
      target: { type: 'user', id, name: memberName },
      detail: { from: 'user', to: 'moderator' },
    });
    expect(
      (await admin('PUT', '/user/status', { user_id: id, status: 'suspended', suspend_duration: '24h' })).status,
    ).toBe(200);
    const suspended = await latest('user.status_changed');
    expect(suspended).toMatchObject({
      ...entryFor('user.status_changed', id),
      detail: { from: 'normal', to: 'suspended' },
    });
    expect(suspended.detail.until! - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect((await admin('PUT', '/user/status', { user_id: id, status: 'normal' })).status).toBe(200);
    expect((await latest('user.status_changed')).detail).toEqual({ from: 'suspended', to: 'normal' });

    const password = 'a brand new admin-set password';
    expect((await admin('PUT', '/user/password', { user_id: id, password })).status).toBe(200);
    const set = await latest('user.password_set');
    expect(set).toMatchObject(entryFor('user.password_set', id));
    expect(set.detail).toEqual({});
    expect(await rawRows()).not.toContain(password);

    const profile = await admin('PUT', '/user/profile', {
      user_id: id,
      display_name: 'Audited Member',
      username: memberName,
      email: 'audited.renamed@example.com',
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect((await latest('user.profile_edited')).detail).toEqual({ fields: ['email'] });
  });

  it('an unchanged role writes nothing; a refused change writes nothing', async () => {
    const { admin, count } = calls;
    const before = await count();
    await admin('PUT', '/user/role', { user_id: String(member.id), role_id: 3 });
    const self = await admin('PUT', '/user/role', { user_id: String(s.admin.id), role_id: 1 });
    expect(self.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('activation: a link handed out, a mail sent, an account confirmed by lifting it to normal', async () => {
    const { admin, latest } = calls;
    const m = await s.member('Unconfirmed Member');
    const id = String(m.id);
    await admin('PUT', '/user/status', { user_id: id, status: 'inactive' });
    const link = await admin<{ activation_url: string }>('GET', `/user/activation?user_id=${id}`);
    expect(link.status).toBe(200);
    const issued = await latest('user.activation_link');
    expect(issued).toMatchObject(entryFor('user.activation_link', id));
    const code = new URL(link.body.data.activation_url).searchParams.get('code')!;
    expect(await calls.rawRows()).not.toContain(code);
    expect((await admin('POST', '/user/activation', { user_id: id })).status).toBe(200);
    expect(await latest('user.activation_sent')).toMatchObject(entryFor('user.activation_sent', id));
    expect((await admin('PUT', '/user/status', { user_id: id, status: 'normal' })).status).toBe(200);
    expect((await latest('user.status_changed')).detail).toEqual({
      from: 'inactive',
      to: 'normal',
      options: ['activated'],
    });
  });

  it('question and answer statuses, with the title the post had', async () => {
    const { admin, latest } = calls;
    const body = questionBody();
    const asked = await s.call<{ id: string }>({
      method: 'POST',
      url: `${API}/question`,
      payload: body,
      token: s.admin.token,
    });
    expect(asked.status).toBe(200);
    const questionId = asked.body.data.id;
    expect((await admin('PUT', '/question/status', { question_id: questionId, status: 'deleted' })).status).toBe(200);
    expect(await latest('question.status_changed')).toMatchObject({
      target: { type: 'question', id: questionId, name: body.title },
      detail: { from: 'available', to: 'deleted' },
      ip: ADMIN_IP,
    });
    expect((await admin('PUT', '/question/status', { question_id: questionId, status: 'available' })).status).toBe(200);
    expect((await latest('question.status_changed')).detail).toEqual({ from: 'deleted', to: 'available' });

    const answered = await s.call({
      method: 'POST',
      url: `${API}/answer`,
      payload: { question_id: questionId, content: 'An answer the administrator will remove.' },
      token: s.admin.token,
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const answer = await s.db
      .selectFrom('answer')
      .select('id')
      .where('question_id', '=', questionId)
      .executeTakeFirstOrThrow();
    expect((await admin('PUT', '/answer/status', { answer_id: answer.id, status: 'deleted' })).status).toBe(200);
    expect(await latest('answer.status_changed')).toMatchObject({
      target: { type: 'answer', id: answer.id, name: body.title },
      detail: { from: 'available', to: 'deleted' },
    });
  });

  it('plugin and badge switches', async () => {
    const { admin, latest } = calls;
    expect((await admin('PUT', '/plugin/status', { plugin_slug_name: 'hello', enabled: false })).status).toBe(200);
    expect(await latest('plugin.status_changed')).toMatchObject({
      target: { type: 'plugin', id: 'hello', name: 'Hello' },
      detail: { from: 'active', to: 'inactive' },
      ip: ADMIN_IP,
    });
    const badge = await s.db.selectFrom('badge').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await admin('PUT', '/badge/status', { id: badge.id, status: 'inactive' })).status).toBe(200);
    const entry = await latest('badge.status_changed');
    expect(entry).toMatchObject({
      target: { type: 'badge', id: badge.id },
      detail: { from: 'active', to: 'inactive' },
    });
    expect(entry.target.name).not.toBe('');
  });

  it('purges: how many and which; the entries naming a purged account stay', async () => {
    const { admin, latest, page } = calls;
    const gone = await s.member('Soon Purged');
    const goneName = await usernameOf(gone.id);
    expect((await admin('PUT', '/user/status', { user_id: String(gone.id), status: 'deleted' })).status).toBe(200);
    expect((await admin('DELETE', '/delete/permanently', { type: 'users' })).status).toBe(200);
    expect(await s.db.selectFrom('user').select('id').where('id', '=', gone.id).executeTakeFirst()).toBeUndefined();
    const purged = await latest('content.purged');
    expect(purged).toMatchObject({ target: { type: 'purge', id: 'users' }, ip: ADMIN_IP });
    expect(purged.detail.count).toBeGreaterThanOrEqual(1);
    expect(purged.detail.names).toContain(goneName);
    const about = (await page('page_size=100')).list.filter(
      (e) => e.target.type === 'user' && e.target.id === String(gone.id),
    );
    expect(about.map((e) => e.action)).toEqual(['user.status_changed', 'user.added']);
    expect(about[0]!.target.name).toBe(goneName);
    expect((await admin('DELETE', '/delete/permanently', { type: 'questions' })).status).toBe(200);
    expect((await latest('content.purged')).target.id).toBe('questions');
  });
});
