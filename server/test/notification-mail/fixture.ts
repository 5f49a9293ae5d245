import type { InjectOptions } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { Mailer } from '../../src/modules/mail/mailer';
import { newOutboxKey } from '../../src/lib/sealed';
import { NotifyMail } from '../../src/modules/notify-mail/service';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import type { Services } from '../../src/services';
import type { InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { manualClock, sinkSmtp } from '../mail/helpers';
import { openSite } from '../support/site';
import { startSmtpSink, type SinkMail, type SmtpSink } from '../support/smtp-sink';

/** Members of the mail tests: token = name; e-mail `<name>@example.com`, confirmed unless said. */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1, status: 1 },
  alice: { id: 11, roleId: 1, rank: 1, status: 1 },
  bob: { id: 12, roleId: 1, rank: 1, status: 1 },
  /** Reads the site in Chinese. */
  carol: { id: 13, roleId: 1, rank: 1, status: 1 },
  /** Address not confirmed. */
  dave: { id: 14, roleId: 1, rank: 1, status: 1, inactive: true },
  erin: { id: 15, roleId: 1, rank: 1, status: 1 },
  frank: { id: 16, roleId: 1, rank: 1, status: 1 },
  gina: { id: 17, roleId: 1, rank: 1, status: 1 },
} as const;
export type Person = keyof typeof PEOPLE;

export const SITE = 'https://qa.example.com';

export interface MailSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  sink: SmtpSink;
  clock: ReturnType<typeof manualClock>;
  /** The outbox key every process of this site shares. */
  key: string;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  /** One dispatcher pass, then every queued mail sent to the sink; returns the mails received meanwhile. */
  deliver(): Promise<SinkMail[]>;
  /** Sends what is queued and returns what arrived since the last call. */
  flush(): Promise<SinkMail[]>;
  /** Another server process's notification jobs over the same database. */
  otherProcess(): NotifyMail;
  ask(as: Person, title: string, tags?: string[]): Promise<string>;
  setSwitches(as: Person, switches: Partial<Record<string, boolean>>): Promise<void>;
  cleanup(): Promise<void>;
}

let counter = 0;

/** An installed site with the members above, SMTP to a test sink, a movable clock and token logins. */
export async function mailSite(target: TestDatabase): Promise<MailSite> {
  const sink = await startSmtpSink();
  const clock = manualClock(Date.now());
  const key = newOutboxKey();
  const opened = await openSite(target, {
    members: PEOPLE,
    now: clock.now,
    seed: async (db) => {
      await db.updateTable('user').set({ language: 'zh_CN' }).where('id', '=', PEOPLE.carol.id).execute();
      await new DbSettingsStore(db).set('smtp', sinkSmtp(sink));
    },
    overrides: { outboxKey: key },
  });
  const { db, app, services } = opened;
  await app.ready();
  let seen = 0;
  const mailer = services.mailer as Mailer;
  const call: MailSite['call'] = (options) => opened.call(options) as never;
  const flush = async () => {
    await mailer.drain();
    const all = sink.mails();
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
  return {
    site: opened.installed,
    db,
    app,
    services,
    sink,
    clock,
    key,
    call,
    flush,
    async deliver() {
      await services.notifyMail.runOnce();
      return flush();
    },
    // Another process's jobs: built as that process builds them, over the same database, key and clock.
    otherProcess: () => new NotifyMail({ db, settings: new DbSettingsStore(db), key, now: clock.now }),
    async ask(as, title, tags = ['support']) {
      counter += 1;
      const res = await call<{ id: string }>({
        method: 'POST',
        url: '/question',
        as,
        payload: {
          title,
          content: `Question body number ${counter}: what should I do here?`,
          tags: tags.map((slug_name) => ({ slug_name })),
        },
      });
      if (res.status !== 200) throw new Error(`ask failed: ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async setSwitches(as, switches) {
      const current = await call<Record<string, { key: 'email'; enable: boolean }>>({
        method: 'GET',
        url: '/user/notification/config',
        as,
      });
      const body = { ...current.body.data };
      for (const [source, enable] of Object.entries(switches)) body[source] = { key: 'email', enable: !!enable };
      const res = await call({ method: 'PUT', url: '/user/notification/config', as, payload: body });
      if (res.status !== 200) throw new Error(`switches failed: ${JSON.stringify(res.body)}`);
    },
    async cleanup() {
      await opened.close();
      await sink.close();
    },
  };
}

/** The id of the installed site's first tag. */
export async function supportTag(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
  return row.id;
}

/** The unsubscribe page link of a mail (its text part), and the one-click POST URL of its header. */
export function unsubscribeLinks(mail: SinkMail): { page: string; code: string; oneClick: string } {
  const page = /https:\/\/qa\.example\.com\/users\/unsubscribe\?code=[\w%-]+/.exec(mail.text)?.[0];
  if (!page) throw new Error(`no unsubscribe link in: ${mail.text}`);
  const oneClick = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  if (!oneClick) throw new Error(`no List-Unsubscribe header: ${JSON.stringify(mail.headers)}`);
  return { page, code: decodeURIComponent(new URL(page).searchParams.get('code') ?? ''), oneClick };
}

/** The mails of `mails` sent to a member. */
export function mailsTo(mails: SinkMail[], person: Person): SinkMail[] {
  return mails.filter((m) => m.to.includes(`${person}@example.com`));
}
