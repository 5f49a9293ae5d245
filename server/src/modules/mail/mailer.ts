import type { SiteSmtp } from '@agora/shared-api/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/schema';
import type { SiteSettings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';
import {
  claimDue,
  countDue,
  expireStale,
  insertMail,
  markAttemptFailed,
  markSent,
  type Db,
  type OutboxRow,
} from './outbox';
import { isSealed, newOutboxKey, OutboxSeal } from '../../lib/sealed';
import { renderMail, type MailParams, type MailTemplate } from './templates';

export type { MailParams, MailTemplate } from './templates';

/** One mail to enqueue (written to the outbox; a worker sends it). */
export interface MailRequest {
  to: string;
  template: MailTemplate;
  params?: MailParams;
}

/** What routes see as `app.mailer`: enqueue only; sending happens later, in the worker. */
export interface MailQueue {
  /**
   * Renders the mail in the site's language and stores it in the outbox, inside `trx` when given (the
   * mail then exists only if the transaction commits). Never sends, never waits for SMTP.
   */
  enqueue(mail: MailRequest, trx?: Db): Promise<void>;
}

interface SiteFacts {
  general: SiteSettings['general'];
  iface: SiteSettings['interface'];
}

export type MailLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const silent: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The mailer of a site that is not installed: there is no outbox; the mail is dropped and logged. */
export function noMailer(log: MailLogger): MailQueue {
  return {
    async enqueue(mail) {
      log.warn(`mail "${mail.template}" not sent: the site is not installed (no outbox)`);
    },
  };
}

/** What a transport sends (nodemailer's sendMail takes it as is). */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds-scale timeouts: a lease always outlasts one attempt. */
const CONNECTION_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** A nodemailer SMTP transport for the smtp settings: SSL = implicit TLS, TLS = STARTTLS required, '' = none. */
export function smtpTransport(smtp: SiteSmtp): MailTransport {
  const transport = nodemailer.createTransport({
    host: smtp.smtp_host,
    port: smtp.smtp_port,
    secure: smtp.encryption === 'SSL',
    requireTLS: smtp.encryption === 'TLS',
    ignoreTLS: smtp.encryption === '',
    ...(smtp.smtp_authentication ? { auth: { user: smtp.smtp_username, pass: smtp.smtp_password } } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Waits before the 2nd, 3rd, ... attempt; after MAX_ATTEMPTS failures the mail is marked failed. */
export const RETRY_DELAYS_MS = [15_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 6 * 3600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * A mail never tried this long after it was queued expires unsent (its longest link, activation, lives
 * 24 hours). This is how mails queued while SMTP is not configured leave the outbox.
 */
export const MAIL_TTL_MS = 24 * 3600_000;

export interface MailerOptions {
  db: Kysely<DB>;
  settings: SettingsStore;
  /** The clock (Unix ms); tests move it instead of sleeping. */
  now?: () => number;
  log?: MailLogger;
  /** How often the worker looks for due mails (default 2 s). */
  pollMs?: number;
  /** How long a claimed mail stays reserved for one worker (default 2 min, above one attempt's timeouts). */
  leaseMs?: number;
  /** Mails claimed per pass (default 20). */
  batch?: number;
  /** Makes the transport for the current settings (default: nodemailer SMTP). */
  transport?: (smtp: SiteSmtp) => MailTransport;
  /**
   * The site's `outbox_key` (config file) that seals mail bodies in the outbox. Every process of a site
   * needs the same one. Default: a key of this mailer alone (tests; its mails can be sent only by it).
   */
  key?: string;
}

/** A short, password-free description of a send error for the log and the outbox row. */
export function describeError(error: unknown, smtp: SiteSmtp): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown } | null;
  let text = typeof e?.message === 'string' ? e.message : String(error);
  if (typeof e?.code === 'string' && !text.includes(e.code)) text = `${e.code}: ${text}`;
  if (smtp.smtp_password) text = text.split(smtp.smtp_password).join('***');
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * The outbox and its worker. `enqueue` renders and stores; the worker (start/stop) claims due mails
 * with a lease, sends them through the current smtp settings, and retries failures with backoff.
 * While SMTP is not configured (no host) mails stay pending; this is logged once.
 */
export class Mailer implements MailQueue {
  readonly #db: Kysely<DB>;
  readonly #settings: SettingsStore;
  readonly #now: () => number;
  #log: MailLogger;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #batch: number;
  readonly #makeTransport: (smtp: SiteSmtp) => MailTransport;
  readonly #seal: OutboxSeal;
  #transport: { key: string; transport: MailTransport } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #pass: Promise<number> | undefined;
  #again = false;
  #loggedUnconfigured = false;
  /** The groups every mail needs, as last read outside any caller's transaction (see siteFacts). */
  #facts: Promise<SiteFacts | undefined> | undefined;

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? silent;
    this.#pollMs = options.pollMs ?? 2_000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#batch = options.batch ?? 20;
    this.#makeTransport = options.transport ?? smtpTransport;
    this.#seal = new OutboxSeal(options.key ?? newOutboxKey());
    // Read the groups every mail needs now, before any caller's transaction (see siteFacts).
    void this.#readFacts().catch(() => undefined);
  }

  #readFacts(): Promise<SiteFacts> {
    const facts = Promise.all([this.#settings.get('general'), this.#settings.get('interface')]).then(
      ([general, iface]) => ({ general, iface }),
    );
    this.#facts = facts.catch(() => undefined);
    return facts;
  }

  /**
   * Site name, URL, contact address and language for a mail. Inside a caller's transaction the copy
   * read last (at construction, by the worker every pass, by enqueues without a transaction) is used:
   * on SQLite a read outside the transaction would wait for the one connection the transaction holds.
   */
  async #siteFacts(trx: Db | undefined): Promise<SiteFacts> {
    if (trx?.isTransaction && this.#facts) {
      const facts = await this.#facts;
      if (facts) return facts;
    }
    return this.#readFacts();
  }

  /** Where the worker logs (the app's logger, once the app exists). */
  setLogger(log: MailLogger): void {
    this.#log = log;
  }

  async enqueue(mail: MailRequest, trx?: Db): Promise<void> {
    const to = mail.to.replace(/[\r\n]/g, '').trim();
    if (!to) throw new Error('a mail needs a recipient');
    const { general, iface } = await this.#siteFacts(trx);
    const rendered = renderMail(mail.template, mail.params ?? {}, {
      name: general.name,
      url: general.site_url,
      contactEmail: general.contact_email,
      language: iface.language,
    });
    await insertMail(trx ?? this.#db, { to, template: mail.template, ...rendered }, this.#now(), (body, id) =>
      this.#seal.seal(body, id),
    );
    // Inside a transaction the row is visible only after the commit: look again a little later.
    if (this.#started) {
      if (trx?.isTransaction) setTimeout(() => this.kick(), 100).unref();
      else this.kick();
    }
  }

  /** Starts polling for due mails. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(this.#pollMs);
  }

  /** Stops polling, waits for a pass in progress, closes the SMTP connection. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#pass?.catch(() => undefined);
    this.#transport?.transport.close();
    this.#transport = undefined;
  }

  /** Runs a pass soon (after an enqueue). */
  kick(): void {
    if (this.#started) this.#schedule(0);
  }

  /**
   * Sends everything due now (by the injected clock) and returns how many mails were attempted.
   * For tests and the CLI; the worker does the same on its own.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const attempted = await this.#runPass();
      total += attempted;
      if (attempted === 0) return total;
    }
  }

  #schedule(delay: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#tick();
    }, delay);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    try {
      let attempted = await this.#runPass();
      // A full batch: more may be waiting.
      while (this.#started && attempted >= this.#batch) attempted = await this.#runPass();
    } catch (error) {
      this.#log.error(`mail worker: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.#started && !this.#timer) this.#schedule(this.#pollMs);
  }

  /** One pass at a time per process; a pass asked for during one runs right after it. */
  #runPass(): Promise<number> {
    if (this.#pass) {
      this.#again = true;
      return this.#pass.then(() => 0);
    }
    this.#pass = (async () => {
      let attempted = 0;
      do {
        this.#again = false;
        attempted += await this.#sendDue();
      } while (this.#again);
      return attempted;
    })().finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  async #sendDue(): Promise<number> {
    await this.#readFacts();
    const smtp = await this.#settings.get('smtp');
    const now = this.#now();
    const expired = await expireStale(this.#db, now - MAIL_TTL_MS, now);
    if (expired > 0) this.#log.warn(`mail: ${expired} mail(s) expired unsent after ${MAIL_TTL_MS / 3600_000} h`);
    if (!smtp.smtp_host.trim()) {
      if (!this.#loggedUnconfigured && (await countDue(this.#db, now)) > 0) {
        this.#loggedUnconfigured = true;
        this.#log.warn('mail: SMTP is not configured (admin > SMTP); mails wait in the outbox until it is');
      }
      return 0;
    }
    this.#loggedUnconfigured = false;
    const rows = await claimDue(this.#db, now, this.#leaseMs, this.#batch);
    if (rows.length === 0) return 0;
    const transport = this.#transportFor(smtp);
    const from = { name: smtp.from_name, address: smtp.from_email || defaultSender(await this.#siteUrl()) };
    for (const row of rows) await this.#sendOne(row, transport, from, smtp);
    return rows.length;
  }

  async #siteUrl(): Promise<string> {
    return (await this.#settings.get('general')).site_url;
  }

  async #sendOne(row: OutboxRow, transport: MailTransport, from: OutgoingMail['from'], smtp: SiteSmtp): Promise<void> {
    let bodies: { text: string; html: string; headers?: Record<string, string> };
    try {
      bodies = { text: this.#open(row.text_body, row.id), html: this.#open(row.html_body, row.id) };
      if (row.headers) bodies.headers = JSON.parse(this.#open(row.headers, row.id)) as Record<string, string>;
    } catch {
      await markAttemptFailed(this.#db, row, 'sealed with another outbox_key', null);
      this.#log.error(`mail ${row.id} (${row.template}) cannot be opened: sealed with another outbox_key`);
      return;
    }
    try {
      await transport.send({ from, to: row.to_address, subject: row.subject, ...bodies });
      await markSent(this.#db, row, this.#now());
    } catch (error) {
      const message = describeError(error, smtp);
      const attempt = row.attempts + 1;
      const delay = attempt < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempt - 1]! : null;
      await markAttemptFailed(this.#db, row, message, delay === null ? null : this.#now() + delay);
      if (delay === null) {
        this.#log.error(`mail ${row.id} (${row.template}) failed for good after ${attempt} attempts: ${message}`);
      } else {
        this.#log.warn(
          `mail ${row.id} (${row.template}) attempt ${attempt} failed, next try in ${delay / 1000} s: ${message}`,
        );
      }
    }
  }

  /** A body as queued: sealed, or in the clear when it was queued before bodies were sealed. */
  #open(stored: string, id: string): string {
    return isSealed(stored) ? this.#seal.open(stored, id) : stored;
  }

  #transportFor(smtp: SiteSmtp): MailTransport {
    const key = JSON.stringify(smtp);
    if (this.#transport?.key !== key) {
      this.#transport?.transport.close();
      this.#transport = { key, transport: this.#makeTransport(smtp) };
    }
    return this.#transport.transport;
  }
}

/** no-reply@<site host> when no sender address is set. */
function defaultSender(siteUrl: string): string {
  try {
    return `no-reply@${new URL(siteUrl).hostname || 'localhost'}`;
  } catch {
    return 'no-reply@localhost';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's outbox (a no-op that logs on a site that is not installed). */
    mailer: MailQueue;
  }
}
