import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { Mailer, type MailRequest } from '../../src/modules/mail/mailer';
import { newOutboxKey, OutboxSeal } from '../../src/lib/sealed';
import type { InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { openSite } from '../support/site';

/** Members of the test site: token = name. The install admin is user 1. */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1, status: 1 },
  alice: { id: 11, roleId: 1, rank: 1, status: 1 },
  bob: { id: 12, roleId: 1, rank: 1, status: 1 },
  /** Enough reputation for invitations (500), votes (8) and edits (100) at level 2, not for role powers. */
  rich: { id: 13, roleId: 1, rank: 2000, status: 1 },
  mod: { id: 14, roleId: 3, rank: 1, status: 1 },
  /** Inbox mails on (the registration default: no config row). */
  carol: { id: 15, roleId: 1, rank: 1, status: 1 },
  /** Suspended. */
  dave: { id: 16, roleId: 1, rank: 1, status: 9 },
  /** Inbox mails turned off. */
  erin: { id: 17, roleId: 1, rank: 1, status: 1 },
} as const;
export type Person = keyof typeof PEOPLE;

export interface OperationsSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  mails: MailRequest[];
  /** The key the outbox (with `outbox: true`) and the notification mails seal mail bodies with. */
  outboxKey: string;
  /**
   * Runs the notification mail dispatcher once (inbox entries become mails) and returns the mails it
   * queued in the outbox since the last call, bodies opened.
   */
  notified(): Promise<Array<{ to: string; template: string; subject: string; text: string; html: string }>>;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  cleanup(): Promise<void>;
}

/**
 * An installed site with the members above and every Q&A route, token logins by name, mails captured.
 * With `outbox`, captured mails also go through the site's real mailer: rendered in the site's
 * language and stored in mail_outbox (nothing is sent: its worker is not started).
 */
export async function operationsSite(
  target: TestDatabase,
  options: { outbox?: boolean } = {},
): Promise<OperationsSite> {
  const mails: MailRequest[] = [];
  const outboxKey = newOutboxKey();
  const site = await openSite(target, {
    members: PEOPLE,
    seed: (db) =>
      db
        .insertInto('user_notification_config')
        .values({
          id: 1000,
          user_id: PEOPLE.erin.id,
          source: 'inbox',
          channels: JSON.stringify([{ key: 'email', enable: false }]),
          enabled: 1,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute(),
    // Mails are captured; with `outbox` they also go through a real mailer that never sends.
    overrides: (db) => {
      const outbox = options.outbox ? new Mailer({ db, settings: new DbSettingsStore(db), key: outboxKey }) : undefined;
      const mailer = {
        setLogger: () => undefined,
        enqueue: async (mail: MailRequest) => {
          mails.push(mail);
          await outbox?.enqueue(mail);
        },
      } as unknown as Mailer;
      return { mailer, outboxKey };
    },
  });
  const { db, app, services } = site;
  const seen = new Set<string>();
  return {
    site: site.installed,
    db,
    app,
    mails,
    outboxKey,
    async notified() {
      await services.notifyMail.runOnce();
      const seal = new OutboxSeal(outboxKey);
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'template', 'subject', 'text_body', 'html_body'])
        .where('template', 'like', 'notify_%')
        .orderBy('created_at')
        .execute();
      const fresh = rows.filter((row) => !seen.has(row.id));
      for (const row of fresh) seen.add(row.id);
      return fresh.map((row) => ({
        to: row.to_address,
        template: row.template,
        subject: row.subject,
        text: seal.open(row.text_body, row.id),
        html: seal.open(row.html_body, row.id),
      }));
    },
    call: (options) => site.call(options) as never,
    cleanup: () => site.close(),
  };
}

let counter = 0;
/** A question body that no other test posts (the duplicate guard remembers bodies). */
export function questionBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `How do I operate on thing number ${counter}?`,
    content: `I tried **this** for case ${counter} and it failed.`,
    tags: [{ slug_name: 'support' }],
    ...overrides,
  };
}
