import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CaptchaImage from '../../src/modules/captcha/image';
import type { CaptchaAction } from '../../src/modules/captcha/rules';
import { CaptchaService } from '../../src/modules/captcha/service';
import { testDatabases } from '../db/databases';
import { configSettings, siteApp, testConfig } from '../helpers';
import { addProbe, fakeSessions, migratedDatabase, PROBE, TOKENS, type MigratedDatabase } from './helpers';

// Every answer the captcha draws, so that the tests can answer right and look for leaks.
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('../../src/modules/captcha/image', async (importOriginal) => {
  const original = await importOriginal<typeof CaptchaImage>();
  return {
    ...original,
    randomCaptchaText: () => {
      const text = original.randomCaptchaText();
      drawn.push(text);
      return text;
    },
  };
});

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}
interface ActionRecordBody {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

const START = Date.UTC(2026, 10, 21, 12);
const MINUTE = 60_000;

describe('captcha over HTTP (SQLite)', () => {
  let db: MigratedDatabase;
  let app: FastifyInstance;
  let clock = START;
  const logLines: string[] = [];
  /** Every response body the suite received. */
  const bodies: string[] = [];

  beforeAll(async () => {
    db = await migratedDatabase(sqlite);
    const captcha = new CaptchaService(db.database.db, { now: () => clock });
    ({ app } = await siteApp(
      db.database.db,
      testConfig({ logLevel: 'info' }),
      { sessions: fakeSessions, captcha, settings: configSettings(testConfig()) },
      { logStream: { write: (line) => void logLines.push(line) } },
    ));
    addProbe(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
  });
  beforeEach(async () => {
    // A new day (the records are per calendar day) and clean tables: every test starts from nothing.
    clock += 24 * 60 * MINUTE;
    await db.database.db.deleteFrom('captcha_action_record').execute();
    await db.database.db.deleteFrom('captcha').execute();
  });

  const headers = (token?: string, lang = 'en_US') => ({
    'accept-language': lang,
    ...(token ? { authorization: token } : {}),
  });

  async function record(action: string, token?: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/answer/api/v1/user/action/record?action=${encodeURIComponent(action)}`,
      headers: headers(token),
    });
    bodies.push(res.body);
    return res;
  }
  async function captchaFor(action: CaptchaAction, token?: string): Promise<{ id: string; answer: string }> {
    const res = await record(action, token);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as Envelope<ActionRecordBody>).data;
    expect(data.verify).toBe(true);
    return { id: data.captcha_id, answer: drawn[drawn.length - 1]! };
  }
  async function act(
    action: CaptchaAction,
    body: Record<string, unknown> = {},
    options: { token?: string; lang?: string } = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: `${PROBE}?action=${action}`,
      payload: body,
      headers: headers(options.token, options.lang),
    });
    bodies.push(res.body);
    return res;
  }
  function expectCaptchaFailure(res: Awaited<ReturnType<typeof act>>, message = 'The verification code is incorrect.') {
    expect(res.statusCode).toBe(400);
    const body = res.json() as Envelope<Array<{ error_field: string; error_msg: string }>>;
    expect(body.reason).toBe('error.object.captcha_verification_failed');
    expect(body.data).toEqual([{ error_field: 'captcha_code', error_msg: message }]);
    expect(body.msg).toBe(message);
  }
  const captchaRows = async () =>
    Number(
      (
        await db.database.db
          .selectFrom('captcha')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('answers verify:true with a fresh PNG captcha for `email`, every time', async () => {
    const first = await record('email');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const a = (first.json() as Envelope<ActionRecordBody>).data;
    expect(a.verify).toBe(true);
    expect(a.captcha_id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.captcha_img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    const png = Buffer.from(a.captcha_img.slice('data:image/png;base64,'.length), 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(300);
    expect(meta.height).toBe(100);
    // A real picture: several colours, not one flat fill.
    const stats = await sharp(png).stats();
    expect(stats.channels.slice(0, 3).some((c) => c.stdev > 10)).toBe(true);

    const b = (await record('email')).json() as Envelope<ActionRecordBody>;
    expect(b.data.captcha_id).not.toBe(a.captcha_id);
    expect(b.data.captcha_img).not.toBe(a.captcha_img);
    expect(await captchaRows()).toBe(2);
  });

  it('answers verify:false with no captcha (and creates none) while none is needed', async () => {
    for (const action of ['password', 'question', 'vote', 'search'] as const) {
      const res = await record(action, TOKENS.user);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Envelope).data).toEqual({ captcha_id: '', captcha_img: '', verify: false });
    }
    expect(await captchaRows()).toBe(0);
  });

  it('refuses an unknown or missing action with a 400 field error', async () => {
    for (const query of ['action=login', 'action=', '']) {
      const res = await app.inject({ method: 'GET', url: `/answer/api/v1/user/action/record?${query}` });
      bodies.push(res.body);
      expect(res.statusCode).toBe(400);
      const body = res.json() as Envelope<Array<{ error_field: string }>>;
      expect(body.data[0]?.error_field).toBe('action');
    }
  });

  it('lets a right answer through once: the same id and code again fail on captcha_code', async () => {
    const { id, answer } = await captchaFor('email');
    expect((await act('email', { captcha_id: id, captcha_code: answer })).statusCode).toBe(200);
    expectCaptchaFailure(await act('email', { captcha_id: id, captcha_code: answer }));
  });

  it('compares answers case-insensitively, ignoring surrounding blanks', async () => {
    const { id, answer } = await captchaFor('email');
    expect((await act('email', { captcha_id: id, captcha_code: ` ${answer.toLowerCase()} ` })).statusCode).toBe(200);
  });

  it('uses a captcha up on a wrong answer (the right one then fails too)', async () => {
    const { id, answer } = await captchaFor('email');
    const wrong = answer.split('').reverse().join('') === answer ? `${answer}X` : answer.split('').reverse().join('');
    expectCaptchaFailure(await act('email', { captcha_id: id, captcha_code: wrong }));
    expectCaptchaFailure(await act('email', { captcha_id: id, captcha_code: answer }));
  });

  it('fails without a captcha, with an unknown id, and in the language of the request', async () => {
    expectCaptchaFailure(await act('email', {}));
    expectCaptchaFailure(await act('email', { captcha_id: 'f'.repeat(32), captcha_code: 'AAAA' }));
    expectCaptchaFailure(
      await act('email', { captcha_id: '', captcha_code: '' }),
      'The verification code is incorrect.',
    );
    expectCaptchaFailure(await act('email', {}, { lang: 'zh_CN' }), '验证码错误。');
  });

  it('binds a captcha to its action: one issued for `password` fails on `email`', async () => {
    // Three failed logins from this address: the next login needs a captcha.
    for (let i = 0; i < 3; i += 1) expect((await act('password')).statusCode).toBe(200);
    expectCaptchaFailure(await act('password'));
    const forPassword = await captchaFor('password');
    expectCaptchaFailure(await act('email', { captcha_id: forPassword.id, captcha_code: forPassword.answer }));
    // ... and it is used up by that attempt.
    expectCaptchaFailure(await act('password', { captcha_id: forPassword.id, captcha_code: forPassword.answer }));
    const again = await captchaFor('password');
    expect((await act('password', { captcha_id: again.id, captcha_code: again.answer })).statusCode).toBe(200);
  });

  it('lets a captcha expire after 6 minutes', async () => {
    const early = await captchaFor('email');
    const late = await captchaFor('email');
    clock += 6 * MINUTE - 1;
    expect((await act('email', { captcha_id: early.id, captcha_code: early.answer })).statusCode).toBe(200);
    clock += 1;
    expectCaptchaFailure(await act('email', { captcha_id: late.id, captcha_code: late.answer }));
  });

  it('counts per user for user actions: another user is not affected', async () => {
    for (let i = 0; i < 4; i += 1) {
      clock += 10_000;
      expect((await act('delete', {}, { token: TOKENS.user })).statusCode).toBe(200);
    }
    clock += 10_000;
    expect((await act('delete', {}, { token: TOKENS.user })).statusCode).toBe(200); // the 5th
    clock += 10_000;
    expectCaptchaFailure(await act('delete', {}, { token: TOKENS.user }));
    expect(((await record('delete', TOKENS.user)).json() as Envelope<ActionRecordBody>).data.verify).toBe(true);
    expect(((await record('delete', TOKENS.other)).json() as Envelope<ActionRecordBody>).data.verify).toBe(false);
    expect((await act('delete', {}, { token: TOKENS.other })).statusCode).toBe(200);
    // The same address anonymously is another unit too (search counts per address only when anonymous).
    const solved = await captchaFor('delete', TOKENS.user);
    expect(
      (await act('delete', { captcha_id: solved.id, captcha_code: solved.answer }, { token: TOKENS.user })).statusCode,
    ).toBe(200);
  });

  it('never asks administrators or moderators for a captcha', async () => {
    for (const token of [TOKENS.admin, TOKENS.moderator]) {
      for (const action of ['email', 'password', 'question', 'delete'] as const) {
        expect((await record(action, token)).json()).toMatchObject({
          data: { captcha_id: '', captcha_img: '', verify: false },
        });
      }
      // `email` always needs one for everybody else; staff pass without, again and again.
      for (let i = 0; i < 12; i += 1) expect((await act('question', {}, { token })).statusCode).toBe(200);
      expect((await act('email', {}, { token })).statusCode).toBe(200);
    }
    expect(await captchaRows()).toBe(0);
  });

  it('hands one client at most 30 live captchas (then 429), and more as they are used or expire', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await captchaFor('email')).id);
    const refused = await record('email');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'base.too_many_requests', data: null });
    // Another client is not concerned.
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/user/action/record?action=email',
      remoteAddress: '198.51.100.20',
    });
    bodies.push(elsewhere.body);
    expect(elsewhere.statusCode).toBe(200);
    // A used captcha no longer counts (a wrong answer uses it too).
    expectCaptchaFailure(await act('email', { captcha_id: ids[0], captcha_code: 'nope' }));
    expect((await record('email')).statusCode).toBe(200);
    expect((await record('email')).statusCode).toBe(429);
    clock += 6 * MINUTE;
    expect((await record('email')).statusCode).toBe(200);
  });

  it('never shows an answer in a response body or a log line, nor stores it', async () => {
    // Runs last: looks at everything the suite received.
    await captchaFor('email');
    expect(drawn.length).toBeGreaterThan(5);
    const withoutImages = (text: string) => text.replace(/data:image\/png;base64,[A-Za-z0-9+/=]+/g, '<img>');
    const seen = withoutImages(bodies.join('\n') + logLines.join('\n')).toLowerCase();
    expect(bodies.some((b) => b.includes('data:image/png;base64,'))).toBe(true);
    // As a value of its own (not inside a longer word such as "captcha" or a hex id).
    for (const answer of drawn)
      expect(seen).not.toMatch(new RegExp(`(?<![a-z0-9])${answer.toLowerCase()}(?![a-z0-9])`));
    const stored = JSON.stringify(await db.database.db.selectFrom('captcha').selectAll().execute()).toLowerCase();
    expect(stored).toContain('answer_hash');
    for (const answer of drawn) expect(stored).not.toMatch(new RegExp(`"${answer.toLowerCase()}"`));
  });
});
