import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { Mailer, MAIL_TTL_MS } from '../../src/modules/mail/mailer';
import { newOutboxKey } from '../../src/lib/sealed';
import { testDatabases } from '../db/databases';
import { ADMIN } from '../accounts/helpers';
import { manualClock, sinkSmtp } from '../mail/helpers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { abuseSite, V1, type AbuseSite } from './site';

const { available } = await testDatabases();
// The `email` action always asks a captcha; these tests are about what is stored.
const NO_CAPTCHA = { captcha: { enabled: false, fixedText: null } };
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/** Every value of every outbox row, as one text (what someone reading the database sees). */
async function outboxText(site: AbuseSite): Promise<string> {
  return JSON.stringify(await site.site.database.db.selectFrom('mail_outbox').selectAll().execute());
}

describe.each(available)('e-mailed codes never sit in the database in the clear ($label)', (target) => {
  let site: AbuseSite;
  let sink: SmtpSink;
  let settings: DbSettingsStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    site = await abuseSite(target, NO_CAPTCHA);
    sink = await startSmtpSink();
    settings = new DbSettingsStore(site.site.database.db);
    app = await site.app();
  });
  afterAll(async () => {
    await sink?.close();
    await site?.cleanup();
  });
  beforeEach(async () => {
    sink.clear();
    await site.site.database.db.deleteFrom('mail_outbox').execute();
    await settings.set('smtp', sinkSmtp(sink));
  });

  const mailer = () => app.mailer as Mailer;

  it('a password reset: the outbox row holds no code; the mail does, and its link works', async () => {
    const asked = await app.inject({
      method: 'POST',
      url: `${V1}/user/password/reset`,
      payload: { e_mail: ADMIN.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Before sending: the row exists, sealed.
    const queued = await site.site.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.text_body).toMatch(/^aes256gcm:/);
    expect(queued[0]!.html_body).toMatch(/^aes256gcm:/);
    const before = await outboxText(site);

    expect(await mailer().drain()).toBe(1);
    const mail = await sink.waitForMail({ to: ADMIN.email.toLowerCase() });
    const code = /password-reset\?code=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(before).not.toContain(code);
    expect(await outboxText(site)).not.toContain(code);
    // Sent: nothing of the body is kept at all.
    const [sent] = await site.site.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(sent).toMatchObject({ status: 'sent', text_body: '', html_body: '' });

    const used = await app.inject({
      method: 'POST',
      url: `${V1}/user/password/replacement`,
      payload: { code, pass: ADMIN.password },
    });
    expect(used.statusCode, used.body).toBe(200);
  });

  it('mails that can never go out (no SMTP) expire after a day, bodies dropped, and are never sent later', async () => {
    await settings.set('smtp', { ...sinkSmtp(sink), smtp_host: '' });
    const clock = manualClock();
    const worker = new Mailer({ db: site.site.database.db, settings, now: clock.now, key: newOutboxKey() });
    await worker.enqueue({ to: 'early@example.com', template: 'test' });
    clock.advance(MAIL_TTL_MS - 60_000);
    await worker.enqueue({ to: 'late@example.com', template: 'test' });
    expect(await worker.drain()).toBe(0);
    clock.advance(60_001);
    expect(await worker.drain()).toBe(0);
    const rows = await site.site.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'text_body', 'html_body'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { to_address: 'early@example.com', status: 'expired', text_body: '', html_body: '' },
      expect.objectContaining({ to_address: 'late@example.com', status: 'pending' }),
    ]);
    await settings.set('smtp', sinkSmtp(sink));
    expect(await worker.drain()).toBe(1);
    await sink.waitForMail({ to: 'late@example.com' });
    expect(sink.mails().flatMap((m) => m.to)).toEqual(['late@example.com']);
  });

  it('a body sealed with another key is never sent (failed for good, body dropped)', async () => {
    const clock = manualClock();
    const writer = new Mailer({ db: site.site.database.db, settings, now: clock.now, key: newOutboxKey() });
    const reader = new Mailer({ db: site.site.database.db, settings, now: clock.now, key: newOutboxKey() });
    await writer.enqueue({ to: 'other-key@example.com', template: 'test' });
    expect(await reader.drain()).toBe(1);
    const [row] = await site.site.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(row).toMatchObject({ status: 'failed', text_body: '', html_body: '' });
    expect(sink.mails()).toHaveLength(0);
  });
});

describe.each(available)('the outbox key and the database files ($label)', (target) => {
  let site: AbuseSite;
  beforeAll(async () => {
    site = await abuseSite(target, NO_CAPTCHA);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  const configFile = () => path.join(site.site.dataDir, 'config.json');
  const readConfig = () => JSON.parse(readFileSync(configFile(), 'utf8')) as Record<string, unknown>;

  it('the install writes an outbox_key into the 0600 config file; a site without one gets one at start', async () => {
    const key = readConfig().outbox_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    // The same key on the next start.
    await site.app();
    expect(readConfig().outbox_key).toBe(key);

    const { outbox_key: _dropped, ...older } = readConfig();
    writeFileSync(configFile(), JSON.stringify(older));
    await site.app();
    const added = readConfig().outbox_key;
    expect(added).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added).not.toBe(key);
    expect(readConfig().installed_at).toBe(older.installed_at);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it.runIf(target.type === 'sqlite3')('the SQLite database file and its WAL are mode 0600', async () => {
    const app = await site.app();
    // A write, so the WAL exists.
    expect(
      (await app.inject({ method: 'POST', url: `${V1}/user/password/reset`, payload: { e_mail: 'x@example.com' } }))
        .statusCode,
    ).toBe(200);
    const file = (site.site.fresh.config as { file: string }).file;
    for (const name of [file, `${file}-wal`]) expect(statSync(name).mode & 0o777, name).toBe(0o600);
  });
});
