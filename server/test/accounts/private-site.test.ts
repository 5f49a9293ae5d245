import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { CaptchaService } from '../../src/modules/captcha/service';
import { Mailer } from '../../src/modules/mail/mailer';
import { seedDemo } from '../../src/demo';
import { testDatabases } from '../db/databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { siteApp, testConfig } from '../helpers';
import { routesOf, type RouteEntry } from '../support/route-table';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { ADMIN, installedSite, type InstalledSite } from './helpers';

/** Every route the app registers (support/route-table.ts). */
vi.mock('fastify', async (importOriginal) =>
  (await import('../support/route-table')).collectingFastify(await importOriginal()),
);

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const API = '/answer/api/v1';
const FIXED = 'AGORA';

interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/**
 * On a private site (login.login_required; docs/product-rules.md) every `pub` route refuses
 * anonymous visitors (401) and accounts whose e-mail is not verified (403 type inactive), while the
 * account routes a visitor needs to get in keep answering. Through buildApp with every route module
 * the installed server registers, real accounts on SQLite, the real captcha (fixed text) and mail.
 */
describe('a private site through buildApp (SQLite)', () => {
  let site: InstalledSite;
  let sink: SmtpSink;
  let settings: DbSettingsStore;
  let mailer: Mailer;
  let app: FastifyInstance;
  let pubGets: RouteEntry[];
  let ids = { question: '', answer: '', comment: '', tag: '', badge: '' };
  let adminUsername: string;
  const savedEnv = process.env.AGORA_RATE_LIMITS;

  const setLoginRequired = async (on: boolean) =>
    settings.set('login', { ...(await settings.get('login')), login_required: on });

  beforeAll(async () => {
    // Rate limits are tested elsewhere; here one test client makes many requests.
    process.env.AGORA_RATE_LIMITS = 'off';
    site = await installedSite(sqlite);
    sink = await startSmtpSink();
    const db = site.database.db;
    const accounts = new AccountsService(db);
    settings = new DbSettingsStore(db);
    await settings.set('smtp', {
      ...(await settings.get('smtp')),
      from_email: 'noreply@qa.example.com',
      from_name: 'Agora Test',
      smtp_host: sink.host,
      smtp_port: sink.port,
      encryption: '',
    });
    mailer = new Mailer({ db, settings });
    ({ app } = await siteApp(db, testConfig({ captcha: { enabled: true, fixedText: FIXED } }), {
      accounts,
      settings,
      mailer,
      captcha: new CaptchaService(db, { enabled: true, fixedText: FIXED }),
    }));
    await app.ready();
    pubGets = routesOf(app).filter((r) => r.method === 'GET' && r.auth === 'pub');

    const login = await call('POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
    adminUsername = (login.json() as Envelope<{ username: string }>).data.username;
    // Questions with answers and comments, so every pub route has something to read.
    await seedDemo(db, { questions: 3, users: 5, seed: 'private', now: NOW, passwordHash: await demoPasswordHash() });
    const answer = await db
      .selectFrom('answer')
      .innerJoin('question', 'question.id', 'answer.question_id')
      .select(['answer.id', 'answer.question_id'])
      .where('answer.status', '=', 1)
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .orderBy('answer.id')
      .executeTakeFirstOrThrow();
    const comment = await db
      .selectFrom('comment')
      .innerJoin('question', 'question.id', 'comment.question_id')
      .select('comment.id')
      .where('comment.status', '=', 1)
      .where('question.status', '=', 1)
      .where('question.show', '=', 1)
      .orderBy('comment.id')
      .executeTakeFirst();
    const tag = await db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
    const badge = await db.selectFrom('badge').select('id').orderBy('id').executeTakeFirstOrThrow();
    ids = { question: answer.question_id, answer: answer.id, comment: comment?.id ?? '', tag: tag.id, badge: badge.id };
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
    await site?.cleanup();
    if (savedEnv === undefined) delete process.env.AGORA_RATE_LIMITS;
    else process.env.AGORA_RATE_LIMITS = savedEnv;
  });
  afterEach(async () => {
    await setLoginRequired(true);
  });

  function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url: path.startsWith('/') ? path : `${API}/${path}`,
      remoteAddress: '10.7.0.1',
      ...(body !== undefined ? { payload: body as object } : {}),
      headers: token ? { authorization: token } : {},
    });
  }

  /** The route's URL with harmless values for its required query parameters. */
  function urlOf(route: RouteEntry): string {
    const values: Record<string, string> = {
      username: adminUsername,
      page: '1',
      page_size: '10',
      id: route.url.startsWith(`${API}/comment`)
        ? ids.comment
        : route.url.startsWith(`${API}/answer`)
          ? ids.answer
          : route.url.startsWith(`${API}/badge`)
            ? ids.badge
            : ids.question,
      badge_id: ids.badge,
      question_id: ids.question,
      object_id: ids.question,
      comment_id: ids.comment,
      answer_id: ids.answer,
      tag_name: 'support',
      tag_id: ids.tag,
      tags: 'support',
      q: 'question',
    };
    const query = new URLSearchParams();
    for (const name of route.requiredQuery) {
      const value = values[name];
      if (value === undefined) throw new Error(`no harmless value for the query parameter ${name} of ${route.url}`);
      query.set(name, value);
    }
    // GET tag names its tag by one of two optional parameters.
    if (route.url === `${API}/tag`) query.set('name', 'support');
    // The crawl routes name their file in the path.
    const files: Record<string, string> = {
      '/sitemap/:file': '/sitemap/pages.xml',
      '/feeds/tags/:file': '/feeds/tags/support.rss',
      '/feeds/questions/:file': `/feeds/questions/${ids.question}.rss`,
    };
    const url = files[route.url] ?? route.url;
    if (url.includes('/:')) throw new Error(`no harmless value for a path parameter of ${route.url}`);
    const search = query.toString();
    return search ? `${url}?${search}` : url;
  }

  async function captcha(): Promise<{ captcha_id: string; captcha_code: string }> {
    const record = await call('GET', 'user/action/record?action=email');
    expect(record.statusCode, record.body).toBe(200);
    const data = (record.json() as Envelope<{ captcha_id: string; verify: boolean }>).data;
    expect(data.verify).toBe(true);
    return { captcha_id: data.captcha_id, captcha_code: FIXED };
  }

  it('finds the pub routes the installed server registers (question list, users, profiles)', () => {
    const urls = pubGets.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${API}/question/page`,
        `${API}/user/ranking`,
        `${API}/user/staff`,
        `${API}/personal/user/info`,
        `${API}/personal/question/page`,
      ]),
    );
  });

  it('private: anonymous visitors get 401 on every pub route', async () => {
    await setLoginRequired(true);
    for (const route of pubGets) {
      const response = await call('GET', urlOf(route));
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, reason: 'base.unauthorized_error' });
    }
    // An unknown or ended token is no better than none.
    const bogus = await call('GET', `${API}/question/page`, undefined, 'not-a-real-token');
    expect(bogus.statusCode).toBe(401);
  });

  it('public: anonymous visitors read every pub route', async () => {
    await setLoginRequired(false);
    for (const route of pubGets) {
      const response = await call('GET', urlOf(route));
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(200);
    }
  });

  it('private: a visitor reaches the site information and signs up; unverified is 403 inactive, verified gets in', async () => {
    await setLoginRequired(true);
    for (const path of [
      'siteinfo',
      'siteinfo/legal?info_type=tos',
      'siteinfo/legal?info_type=privacy',
      'language/options',
    ]) {
      const response = await call('GET', path);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
    const info = (await call('GET', 'siteinfo')).json() as Envelope<{ login: { login_required: boolean } }>;
    expect(info.data.login.login_required).toBe(true);

    const person = { name: 'Priv Ate', e_mail: 'priv.ate@example.com', pass: 'walled garden gate' };
    const registered = await call('POST', 'user/register/email', { ...person, ...(await captcha()) });
    expect(registered.statusCode, registered.body).toBe(200);
    const inactive = (registered.json() as Envelope<{ access_token: string; mail_status: number }>).data;
    expect(inactive.mail_status).toBe(2);

    for (const route of pubGets) {
      const response = await call('GET', urlOf(route), undefined, inactive.access_token);
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ reason: 'error.email.need_to_be_verified', data: { type: 'inactive' } });
    }

    await mailer.drain();
    const mail = await sink.waitForMail({ to: person.e_mail }, 10_000);
    const link = /https:\/\/qa\.example\.com\/users\/account-activation\?code=[A-Za-z0-9_%-]+/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const code = new URL(link![0]).searchParams.get('code')!;
    const verified = await call('POST', 'user/email/verification', { code });
    expect(verified.statusCode, verified.body).toBe(200);
    const active = (verified.json() as Envelope<{ access_token: string }>).data.access_token;

    for (const route of pubGets) {
      const response = await call('GET', urlOf(route), undefined, active);
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(200);
    }
  });

  it('private: the account routes a visitor needs answer anonymous requests', async () => {
    await setLoginRequired(true);
    const login = await call('POST', 'user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
    expect(login.statusCode, login.body).toBe(200);
    const wrong = await call('POST', 'user/login/email', { e_mail: ADMIN.email, pass: 'not the password' });
    expect(wrong.statusCode).toBe(400);

    const reset = await call('POST', 'user/password/reset', { e_mail: ADMIN.email, ...(await captcha()) });
    expect(reset.statusCode, reset.body).toBe(200);
    const replacement = await call('POST', 'user/password/replacement', {
      code: 'no-such-code',
      pass: 'a new pass 123',
    });
    expect(replacement.statusCode).toBe(400);
    expect(replacement.json()).toMatchObject({ reason: 'error.password.reset_url_invalid' });

    const verification = await call('POST', 'user/email/verification', { code: 'no-such-code' });
    expect(verification.statusCode).toBe(403);
    expect(verification.json()).toMatchObject({ data: { type: 'url_expired' } });
    const confirm = await call('PUT', 'user/email', { code: 'no-such-code' });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toMatchObject({ data: { type: 'url_expired' } });
  });
});
