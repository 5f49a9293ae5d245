import type { SiteSmtp } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { sinkSmtp } from '../mail/helpers';
import { closedPort } from '../support/ports';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { writeSite, type WriteSite } from '../write/helpers';
import { put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('setting/smtp with a test mail on $label', (target) => {
  let s: WriteSite;
  let sink: SmtpSink;
  beforeAll(async () => {
    s = await writeSite(target);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await s?.cleanup();
  });

  const body = (overrides: Partial<SiteSmtp> & { test_email_recipient?: string } = {}) => ({
    ...sinkSmtp(sink, { smtp_authentication: true, smtp_username: 'mailer', smtp_password: 'S3cret-pass' }),
    ...overrides,
  });

  it('saves, masks the password, and delivers the test mail over SMTP before answering', async () => {
    const saved = await put(s, '/setting/smtp', body({ test_email_recipient: 'check@example.com' }));
    expect(saved.status).toBe(200);
    expect(sink.mails().map((m) => m.to)).toEqual([['check@example.com']]);
    expect(sink.mails()[0]).toMatchObject({ subject: '[Agora Test] Test e-mail', authUser: 'mailer' });
    const shown = await read<SiteSmtp>(s, '/setting/smtp');
    expect(shown.smtp_password).toBe('***********');
    // The mask sent back keeps the stored password: the next test mail still logs in.
    sink.clear();
    expect((await put(s, '/setting/smtp', { ...shown, test_email_recipient: 'again@example.com' })).status).toBe(200);
    expect(sink.mails()[0]?.authUser).toBe('mailer');
    const stored = await s.db
      .selectFrom('site_info')
      .select('content')
      .where('type', '=', 'smtp')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.content).smtp_password).toBe('S3cret-pass');
  });

  it('a refused or unreachable SMTP server is a 400 with its error', async () => {
    sink.rejectNext(1, 554);
    const refused = await put(s, '/setting/smtp', body({ test_email_recipient: 'no@example.com' }));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/554/);
    const closed = await put(
      s,
      '/setting/smtp',
      body({ smtp_port: await closedPort(), test_email_recipient: 'no@example.com' }),
    );
    expect(closed.status).toBe(400);
    expect(closed.body.reason).toBe('error.smtp.test_failed');
    expect(closed.body.msg).toMatch(/ECONNREFUSED/);
  });

  it('bad values are refused on their field and nothing is saved', async () => {
    const before = await read(s, '/setting/smtp');
    const cases: [Partial<SiteSmtp> & { test_email_recipient?: string }, string][] = [
      [{ from_name: 'robot@example.com' }, 'from_name'],
      [{ smtp_port: 0 }, 'smtp_port'],
      [{ smtp_port: 70_000 }, 'smtp_port'],
      [{ smtp_username: '' }, 'smtp_username'],
      [{ from_email: 'nobody' }, 'from_email'],
      [{ test_email_recipient: 'nobody' }, 'test_email_recipient'],
    ];
    for (const [change, field] of cases) {
      const reply = await put(s, '/setting/smtp', body(change));
      expect(reply.status, field).toBe(400);
      expect((reply.body.data as { error_field: string }[]).map((f) => f.error_field)).toEqual([field]);
    }
    expect(await read(s, '/setting/smtp')).toEqual(before);
  });
});
