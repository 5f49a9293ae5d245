import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteHost } from '../../src/host';
import { Mailer } from '../../src/modules/mail/mailer';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { testConfig } from '../helpers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sqlite = available.find((d) => d.type === 'sqlite3')!;

describe('the mailer of an installed site (SiteHost)', () => {
  let site: InstalledSite;
  let sink: SmtpSink;
  beforeAll(async () => {
    site = await installedSite(sqlite);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await site?.cleanup();
  });

  it('runs the outbox worker with the config file smtp settings, and stops it with the host', async () => {
    const config = testConfig({
      dataDir: site.dataDir,
      site: {
        smtp: { smtp_host: sink.host, smtp_port: sink.port, from_email: 'site@qa.example.com', from_name: 'QA' },
      },
    });
    const host = await SiteHost.start(config, { env: {} });
    try {
      expect(host.installed).toBe(true);
      expect(host.app.mailer).toBeInstanceOf(Mailer);
      // No drain(): the running worker is kicked by the enqueue.
      await host.app.mailer.enqueue({
        to: 'someone@example.com',
        template: 'activation',
        params: { username: 'someone', link: 'https://qa.example.com/users/account-activation?code=c0de' },
      });
      const mail = await sink.waitForMail({ to: 'someone@example.com' }, 15_000);
      expect(mail.from).toBe('site@qa.example.com');
      expect(mail.text).toContain('https://qa.example.com/users/account-activation?code=c0de');
    } finally {
      await host.close();
    }
    // The outbox recorded the delivery.
    const db = site.database.db;
    const row = await db.selectFrom('mail_outbox').select(['status']).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});
