import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { Mailer, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/modules/mail/mailer';
import { newOutboxKey } from '../../src/lib/sealed';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { manualClock, memoryLog, sinkSmtp } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe.each(available.map((d) => [d.label, d] as const))('mail outbox on %s', (_label, target) => {
  let site: InstalledSite;
  let sink: SmtpSink;
  let settings: DbSettingsStore;
  let clock: ReturnType<typeof manualClock>;
  let mailer: Mailer;
  let logs: ReturnType<typeof memoryLog>;
  // Every process of a site seals and opens mail bodies with the site's one key.
  const KEY = newOutboxKey();

  beforeAll(async () => {
    site = await installedSite(target);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await site?.cleanup();
  });
  beforeEach(async () => {
    sink.clear();
    sink.rejectNext(0);
    await site.database.db.deleteFrom('mail_outbox').execute();
    settings = new DbSettingsStore(site.database.db);
    await settings.set('smtp', sinkSmtp(sink));
    await settings.set('interface', { ...(await settings.get('interface')), language: 'en_US' });
    clock = manualClock();
    logs = memoryLog();
    mailer = new Mailer({ db: site.database.db, settings, now: clock.now, log: logs.log, key: KEY });
  });

  const rows = () => site.database.db.selectFrom('mail_outbox').selectAll().execute();

  it('sends an activation mail in the site language (en_US) with the link, from the configured sender', async () => {
    const link = 'https://qa.example.com/users/account-activation?code=abc123';
    await mailer.enqueue({ to: 'New.User@example.com', template: 'activation', params: { link, username: 'newbie' } });
    expect(await mailer.drain()).toBe(1);
    const mail = await sink.waitForMail({ to: 'new.user@example.com' });
    expect(mail.subject).toBe('[Agora Test] Confirm your e-mail address');
    expect(mail.from).toBe('noreply@qa.example.com');
    expect(mail.fromName).toBe('Agora Test');
    expect(mail.text).toContain('Hello newbie,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('https://qa.example.com');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Activate my account');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sent_at: clock.now(), lock_token: null });
  });

  it('renders in zh_CN when that is the site language', async () => {
    await settings.set('interface', { ...(await settings.get('interface')), language: 'zh_CN' });
    const link = 'https://qa.example.com/users/password-reset?code=xyz';
    await mailer.enqueue({ to: 'li@example.com', template: 'password_reset', params: { link, username: '小李' } });
    await mailer.drain();
    const mail = await sink.waitForMail({ to: 'li@example.com' });
    expect(mail.subject).toBe('[Agora Test] 重置您的密码');
    expect(mail.text).toContain('小李，您好：');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('设置新密码');
  });

  it('escapes parameters in the HTML part and keeps header fields on one line', async () => {
    await mailer.enqueue({
      to: 'old@example.com',
      template: 'email_changed_notice',
      params: { username: '<b>bob</b>', new_email: '"x"@evil.example<script>alert(1)</script>' },
    });
    await mailer.drain();
    const mail = await sink.waitForMail({ to: 'old@example.com', subject: 'was changed' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bob</b>');
    expect(mail.html).toContain('&lt;b&gt;bob&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('<b>bob</b>');
    // The e-mail change confirmation goes to the new address and names it.
    await mailer.enqueue({
      to: 'new@example.com',
      template: 'email_change',
      params: {
        username: 'bob',
        new_email: 'new@example.com',
        link: 'https://qa.example.com/users/confirm-new-email?code=q',
      },
    });
    await mailer.drain();
    const confirm = await sink.waitForMail({ to: 'new@example.com' });
    expect(confirm.subject).toBe('[Agora Test] Confirm your new e-mail address');
    expect(confirm.text).toContain('new@example.com');
    expect(confirm.text).toContain('https://qa.example.com/users/confirm-new-email?code=q');
  });

  it('keeps a mail enqueued in a rolled-back transaction out of the outbox', async () => {
    await site.database.db
      .transaction()
      .execute(async (trx) => {
        await mailer.enqueue({ to: 'gone@example.com', template: 'test' }, trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(0);
    await site.database.db.transaction().execute(async (trx) => {
      await mailer.enqueue({ to: 'kept@example.com', template: 'test' }, trx);
    });
    expect(await rows()).toHaveLength(1);
  });

  it('an enqueue inside a transaction does not read settings outside it (SQLite has one connection)', async () => {
    await mailer.drain();
    // Even with the settings cache emptied, enqueue(…, trx) must not wait for a read the transaction blocks.
    settings.invalidate();
    const done = site.database.db.transaction().execute(async (trx) => {
      await mailer.enqueue({ to: 'in-trx@example.com', template: 'test' }, trx);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('enqueue waited for itself')), 5_000);
    });
    try {
      await Promise.race([done, timeout]);
    } finally {
      clearTimeout(timer);
    }
    expect((await rows()).map((r) => r.to_address)).toEqual(['in-trx@example.com']);
  });

  it('retries with backoff while the SMTP server refuses, then delivers once', async () => {
    sink.rejectNext(2, 451);
    await mailer.enqueue({ to: 'retry@example.com', template: 'test' });
    expect(await mailer.drain()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock.now() + RETRY_DELAYS_MS[0]! });
    expect(row!.last_error).toMatch(/451/);
    // Not due yet: nothing is attempted.
    clock.advance(RETRY_DELAYS_MS[0]! - 1);
    expect(await mailer.drain()).toBe(0);
    clock.advance(1);
    expect(await mailer.drain()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: clock.now() + RETRY_DELAYS_MS[1]! });
    clock.advance(RETRY_DELAYS_MS[1]!);
    expect(await mailer.drain()).toBe(1);
    await sink.waitForMail({ to: 'retry@example.com' });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: '' });
    expect(sink.mails()).toHaveLength(1);
    expect(logs.lines.filter((l) => l.level === 'warn' && /attempt \d failed/.test(l.msg))).toHaveLength(2);
  });

  it('treats an SMTP server that does not answer (connection refused) as a failed attempt', async () => {
    await settings.set('smtp', { ...sinkSmtp(sink), smtp_port: 1 });
    await mailer.enqueue({ to: 'refused@example.com', template: 'test' });
    expect(await mailer.drain()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await settings.set('smtp', sinkSmtp(sink));
    clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await mailer.drain()).toBe(1);
    await sink.waitForMail({ to: 'refused@example.com' });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and logs no password`, async () => {
    await settings.set(
      'smtp',
      sinkSmtp(sink, { smtp_authentication: true, smtp_username: 'u', smtp_password: 'S3cret-pass' }),
    );
    sink.rejectNext(MAX_ATTEMPTS, 550);
    await mailer.enqueue({ to: 'never@example.com', template: 'test' });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await mailer.drain()).toBe(1);
      clock.advance(6 * 3600_000);
    }
    expect(await mailer.drain()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(logs.lines.some((l) => l.level === 'error' && l.msg.includes('failed for good'))).toBe(true);
    expect(JSON.stringify(logs.lines)).not.toContain('S3cret-pass');
    expect(sink.mails()).toHaveLength(0);
  });

  it('authenticates only when smtp_authentication is on', async () => {
    await settings.set(
      'smtp',
      sinkSmtp(sink, { smtp_authentication: true, smtp_username: 'mailer', smtp_password: 'pw-123456' }),
    );
    await mailer.enqueue({ to: 'auth@example.com', template: 'test' });
    await mailer.drain();
    expect((await sink.waitForMail({ to: 'auth@example.com' })).authUser).toBe('mailer');
    await settings.set('smtp', sinkSmtp(sink, { smtp_username: 'mailer', smtp_password: 'pw-123456' }));
    await mailer.enqueue({ to: 'noauth@example.com', template: 'test' });
    await mailer.drain();
    expect((await sink.waitForMail({ to: 'noauth@example.com' })).authUser).toBeUndefined();
  });

  it('keeps mails pending while SMTP is not configured (logged once), sends them once it is', async () => {
    await settings.set('smtp', { ...sinkSmtp(sink), smtp_host: '' });
    await mailer.enqueue({ to: 'wait1@example.com', template: 'test' });
    await mailer.enqueue({ to: 'wait2@example.com', template: 'test' });
    expect(await mailer.drain()).toBe(0);
    expect(await mailer.drain()).toBe(0);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(logs.lines.filter((l) => l.msg.includes('not configured'))).toHaveLength(1);
    await settings.set('smtp', sinkSmtp(sink));
    expect(await mailer.drain()).toBe(2);
    await sink.waitForMail({ to: 'wait2@example.com' });
  });

  it('two workers on the same database never send one mail twice', async () => {
    // A second process: its own connections to the same database.
    const other: Database = await createDatabase(site.fresh.config);
    try {
      const second = new Mailer({ db: other.db, settings: new DbSettingsStore(other.db), now: clock.now, key: KEY });
      const count = 12;
      for (let i = 0; i < count; i++) await mailer.enqueue({ to: `many${i}@example.com`, template: 'test' });
      const [a, b] = await Promise.all([mailer.drain(), second.drain()]);
      expect(a + b).toBe(count);
      await sink.waitForMail((m) => m.to.includes(`many${count - 1}@example.com`));
      // Give a duplicate (if any) the time to arrive.
      await new Promise((r) => setTimeout(r, 200));
      const recipients = sink.mails().flatMap((m) => m.to);
      expect(recipients).toHaveLength(count);
      expect(new Set(recipients).size).toBe(count);
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      await second.stop();
    } finally {
      await other.close();
    }
  });

  it('a claimed mail whose lease has not expired is left alone; after expiry another worker takes it', async () => {
    await mailer.enqueue({ to: 'lease@example.com', template: 'test' });
    // Simulate a worker that claimed it and died: a lease in the future.
    await site.database.db
      .updateTable('mail_outbox')
      .set({ locked_until: clock.now() + 60_000, lock_token: 'dead-worker' })
      .execute();
    expect(await mailer.drain()).toBe(0);
    clock.advance(60_000);
    expect(await mailer.drain()).toBe(1);
    await sink.waitForMail({ to: 'lease@example.com' });
  });

  it('the running worker picks up an enqueued mail by itself (kick, then polling)', async () => {
    const worker = new Mailer({ db: site.database.db, settings, pollMs: 200 });
    worker.start();
    try {
      await worker.enqueue({ to: 'live@example.com', template: 'test' });
      await sink.waitForMail({ to: 'live@example.com' }, 10_000);
      await site.database.db.transaction().execute(async (trx) => {
        await worker.enqueue({ to: 'live-trx@example.com', template: 'test' }, trx);
      });
      await sink.waitForMail({ to: 'live-trx@example.com' }, 10_000);
    } finally {
      await worker.stop();
    }
  });
});
