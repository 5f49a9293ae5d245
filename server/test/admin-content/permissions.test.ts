import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reviewSite, type Person, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Every route of the admin content API, with a request that would change something when allowed. */
function routes(q: string, a: string) {
  return [
    { method: 'GET', url: '/question/page?page=1' },
    { method: 'PUT', url: '/question/status', payload: { question_id: q, status: 'deleted' } },
    { method: 'GET', url: '/answer/page?page=1' },
    { method: 'PUT', url: '/answer/status', payload: { answer_id: a, status: 'deleted' } },
    { method: 'GET', url: '/reasons?object_type=question&action=close' },
    { method: 'GET', url: '/reports/page?page=1' },
    { method: 'GET', url: '/dashboard' },
    { method: 'GET', url: '/plugins' },
    { method: 'PUT', url: '/plugin/status', payload: { plugin_slug_name: 'hello', enabled: false } },
    { method: 'GET', url: '/theme/options' },
    { method: 'GET', url: '/language/options' },
  ] as const;
}

describe.each(available)('admin content permissions on $label', (target) => {
  let s: ReviewSite;
  let q: string;
  let a: string;

  beforeAll(async () => {
    s = await reviewSite(target);
    q = await s.ask('alice');
    a = await s.answer(q, 'bob');
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const unchanged = async () => {
    const question = await s.db.selectFrom('question').select('status').where('id', '=', q).executeTakeFirstOrThrow();
    const answer = await s.db.selectFrom('answer').select('status').where('id', '=', a).executeTakeFirstOrThrow();
    const plugins = await s.db.selectFrom('site_info').select('type').where('type', '=', 'plugin_status').execute();
    expect([Number(question.status), Number(answer.status), plugins.length]).toEqual([1, 1, 0]);
  };

  it('anonymous visitors get 401 on every route and change nothing', async () => {
    for (const route of routes(q, a)) {
      const res = await s.call({ ...route, admin: true });
      expect([route.url, res.status, res.body.reason]).toEqual([route.url, 401, 'base.unauthorized_error']);
    }
    await unchanged();
  });

  const REFUSALS: Array<[Person, string]> = [
    ['alice', 'base.forbidden_error'],
    ['editor', 'base.forbidden_error'],
    ['mod', 'base.forbidden_error'],
    ['suspended', 'error.user.suspended'],
    ['inactive', 'error.email.need_to_be_verified'],
  ];
  it.each(REFUSALS)('%s gets 403 (%s) on every route and changes nothing', async (who, reason) => {
    for (const route of routes(q, a)) {
      const res = await s.call({ ...route, admin: true, as: who });
      expect([route.url, res.status, res.body.reason]).toEqual([route.url, 403, reason]);
    }
    await unchanged();
  });

  it('moderators are refused with the forbidden reason in the request’s language', async () => {
    const res = await s.call({
      method: 'GET',
      url: '/dashboard',
      admin: true,
      as: 'mod',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('base.forbidden_error');
    expect(res.body.msg).not.toBe('base.forbidden_error');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('the administrator is served on every read route', async () => {
    for (const route of routes(q, a).filter((r) => r.method === 'GET')) {
      const res = await s.call({ ...route, admin: true, as: 'admin' });
      expect([route.url, res.status]).toEqual([route.url, 200]);
    }
  });

  it('theme and language options: the default theme, and the languages without a "Default" entry', async () => {
    const theme = await s.call({ method: 'GET', url: '/theme/options', admin: true, as: 'admin' });
    expect(theme.body.data).toEqual([{ label: 'Default', value: 'default' }]);
    const languages = await s.call<Array<{ value: string }>>({
      method: 'GET',
      url: '/language/options',
      admin: true,
      as: 'admin',
    });
    expect(languages.body.data.map((l) => l.value)).toEqual(['en_US', 'zh_CN']);
  });

  it('admin reasons are the public route’s list', async () => {
    const url = '/reasons?object_type=question&action=close';
    const admin = await s.call({ method: 'GET', url, admin: true, as: 'admin' });
    const site = await s.call({ method: 'GET', url, as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toEqual(site.body.data);
    expect((admin.body.data as unknown[]).length).toBeGreaterThan(0);
    const bad = await s.call({
      method: 'GET',
      url: '/reasons?object_type=nothing&action=close',
      admin: true,
      as: 'admin',
    });
    expect(bad.status).toBe(400);
  });
});
