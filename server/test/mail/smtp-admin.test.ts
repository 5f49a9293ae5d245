import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { Mailer } from '../../src/modules/mail/mailer';
import { ADMIN, installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { makeApp, siteApp, testConfig } from '../helpers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { manualClock, sinkSmtp } from './helpers';
import { closedPort } from '../support/ports';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;
const URL = '/answer/admin/api/setting/smtp';

describe('admin setting/smtp (SQLite)', () => {
  let site: InstalledSite;
  let sink: SmtpSink;
  let settings: DbSettingsStore;
  let mailer: Mailer;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const clock = manualClock();

  beforeAll(async () => {
    site = await installedSite(sqlite);
    sink = await startSmtpSink();
    const accounts = new AccountsService(site.database.db);
    settings = new DbSettingsStore(site.database.db);
    mailer = new Mailer({ db: site.database.db, settings, now: clock.now });
    ({ app } = await siteApp(site.database.db, testConfig(), { accounts, settings, mailer }));
    await accounts.createUser({
      username: 'member',
      email: 'member@example.com',
      password: 'member pass 1',
      mailStatus: 1,
    });
    const login = async (email: string, password: string) => {
      const outcome = await accounts.loginWithEmail(email, password);
      if (outcome.kind !== 'ok') throw new Error(`login of ${email} failed`);
      return { authorization: outcome.token };
    };
    admin = await login(ADMIN.email, ADMIN.password);
    member = await login('member@example.com', 'member pass 1');
  });
  afterAll(async () => {
    await app?.close();
    await mailer?.stop();
    await sink?.close();
    await site?.cleanup();
  });
  beforeEach(async () => {
    sink.clear();
    await settings.set(
      'smtp',
      sinkSmtp(sink, { smtp_authentication: true, smtp_username: 'mailer', smtp_password: 'Secret#123' }),
    );
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    from_email: 'robot@qa.example.com',
    from_name: 'QA Robot',
    smtp_host: sink.host,
    smtp_port: sink.port,
    encryption: '',
    smtp_username: 'mailer',
    smtp_password: '**********',
    smtp_authentication: true,
    ...overrides,
  });
  const put = (payload: unknown, headers = admin) =>
    app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });

  it('answers 401 without a session and 403 to a member, on GET and PUT', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: URL, payload: body() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: URL, headers: member })).statusCode).toBe(403);
    expect((await put(body(), member)).statusCode).toBe(403);
    expect((await settings.get('smtp')).from_email).toBe('noreply@qa.example.com');
  });

  it('GET shows the settings to an admin with the password masked, one * per character', async () => {
    const response = await app.inject({ method: 'GET', url: URL, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...sinkSmtp(sink),
      smtp_authentication: true,
      smtp_username: 'mailer',
      smtp_password: '**********',
    });
    expect(response.body).not.toContain('Secret#123');
    await settings.set('smtp', sinkSmtp(sink));
    expect((await app.inject({ method: 'GET', url: URL, headers: admin })).json().data.smtp_password).toBe('');
  });

  it('PUT saves; an all-* password keeps the stored one, a new password replaces it', async () => {
    const saved = await put(body());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ code: 200, data: null });
    expect(await settings.get('smtp')).toMatchObject({
      from_email: 'robot@qa.example.com',
      from_name: 'QA Robot',
      smtp_password: 'Secret#123',
    });
    expect((await put(body({ smtp_password: 'new-Secret' }))).statusCode).toBe(200);
    expect((await settings.get('smtp')).smtp_password).toBe('new-Secret');
    // What was saved is stored in site_info (another store on the same database reads it).
    expect((await new DbSettingsStore(site.database.db).get('smtp')).smtp_password).toBe('new-Secret');
  });

  it('sends a test mail to test_email_recipient at once, over SMTP, with the saved settings', async () => {
    expect(
      (await put(body({ test_email_recipient: 'Checker@Example.com', from_name: 'Test Sender' }))).statusCode,
    ).toBe(200);
    // Delivered before the answer: not through the outbox.
    expect(await mailer.drain()).toBe(0);
    const mail = await sink.waitForMail({ to: 'checker@example.com' }, 1_000);
    expect(mail.subject).toBe('[Agora Test] Test e-mail');
    expect(mail.fromName).toBe('Test Sender');
    expect(mail.from).toBe('robot@qa.example.com');
    expect(mail.authUser).toBe('mailer');
  });

  it("answers 400 with the SMTP server's error when it refuses the test mail; the settings stay saved", async () => {
    sink.rejectNext(1, 550);
    const response = await put(body({ test_email_recipient: 'later@example.com', from_name: 'Refused Sender' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toBe('error.smtp.test_failed');
    expect(response.json().msg).toMatch(/^The test e-mail could not be sent: .*550/);
    expect(response.body).not.toContain('Secret#123');
    expect((await settings.get('smtp')).from_name).toBe('Refused Sender');
    expect(sink.mails()).toHaveLength(0);
    expect(await mailer.drain()).toBe(0);
  });

  it('answers 400 naming the connection error when nothing listens on the port', async () => {
    const closed = await closedPort();
    const response = await app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...admin, 'accept-language': 'zh-CN' },
      payload: body({ smtp_port: closed, test_email_recipient: 'nobody@example.com' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toBe('error.smtp.test_failed');
    expect(response.json().msg).toMatch(/^测试邮件发送失败：.*ECONNREFUSED/);
  });

  it('refuses invalid settings with field errors', async () => {
    const fieldsOf = async (payload: unknown) => {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      return Object.fromEntries(
        (response.json().data as { error_field: string; error_msg: string }[]).map((f) => [f.error_field, f.error_msg]),
      );
    };
    expect(await fieldsOf(body({ from_name: 'robot@qa.example.com' }))).toEqual({
      from_name: 'The sender name must not be an e-mail address.',
    });
    expect(await fieldsOf(body({ smtp_port: 0 }))).toEqual({ smtp_port: 'Enter a port number from 1 to 65535.' });
    expect(await fieldsOf(body({ smtp_port: 65536 }))).toEqual({ smtp_port: 'Enter a port number from 1 to 65535.' });
    expect(Object.keys(await fieldsOf(body({ from_email: 'not-an-address', smtp_host: '' }))).sort()).toEqual([
      'from_email',
      'smtp_host',
    ]);
    expect(Object.keys(await fieldsOf(body({ test_email_recipient: 'nobody' })))).toEqual(['test_email_recipient']);
    expect(Object.keys(await fieldsOf(body({ smtp_username: '' })))).toEqual(['smtp_username']);
    expect(Object.keys(await fieldsOf(body({ encryption: 'STARTTLS' })))).toEqual(['encryption']);
    // Nothing was saved by a refused request.
    expect((await settings.get('smtp')).from_email).toBe('noreply@qa.example.com');
    // Without authentication, user name and password may be empty; port 65535 is fine.
    expect(
      (await put(body({ smtp_authentication: false, smtp_username: '', smtp_password: '', smtp_port: 65535 })))
        .statusCode,
    ).toBe(200);
  });

  it('an install from before the smtp group reads it with its defaults (not configured)', async () => {
    await site.database.db.deleteFrom('site_info').where('type', '=', 'smtp').execute();
    expect(await new DbSettingsStore(site.database.db).get('smtp')).toEqual({
      from_email: '',
      from_name: '',
      smtp_host: '',
      smtp_port: 25,
      encryption: '',
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: false,
    });
  });

  it('siteinfo never carries smtp data', async () => {
    const response = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/smtp|Secret#123|noreply@qa\.example\.com/i);
  });
});

describe('smtp settings from the config file', () => {
  it('are validated as a settings group and never served by siteinfo', async () => {
    const app = await makeApp(
      testConfig({
        site: {
          smtp: {
            smtp_host: 'mail.example.com',
            smtp_port: 2525,
            smtp_password: 'file-secret',
            from_email: 'a@example.com',
          },
        },
      }),
    );
    expect(await app.settings.get('smtp')).toMatchObject({
      smtp_host: 'mail.example.com',
      smtp_port: 2525,
      encryption: '',
    });
    const response = await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/smtp|file-secret|mail\.example\.com/);
    // Without a database there is no outbox: an enqueue is dropped, not an error.
    await expect(app.mailer.enqueue({ to: 'x@example.com', template: 'test' })).resolves.toBeUndefined();
  });
});
