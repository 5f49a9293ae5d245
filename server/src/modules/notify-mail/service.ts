import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { MailLogger } from '../mail/mailer';
import { OutboxSeal } from '../../lib/sealed';
import type { SettingsStore } from '../settings/store';
import { sendDigests } from './digest';
import { dispatchInbox, type DispatchJob } from './inbox-mail';
import { dispatchNewQuestions } from './question-mail';
import { claimLease, releaseLease } from './repository';

export interface NotifyMailOptions {
  db: Kysely<DB>;
  settings: SettingsStore;
  /** The outbox key (the mailer's): the queued mails carry unsubscribe codes and are sealed like all mail. */
  key: string;
  /** The clock (Unix ms); tests move it. */
  now?: () => number;
  log?: MailLogger;
  /** How often the dispatcher looks for inbox entries and new questions (default 3 s). */
  pollMs?: number;
  /** How often the digest job looks for members due (default 1 h). */
  digestEveryMs?: number;
  /** Rows taken per query (default 50). */
  batch?: number;
}

/** How long a process may hold a site-wide job before another may take it over. */
const LEASE_MS = 10 * 60_000;

const silent: MailLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The e-mail notifications of a site: the dispatcher of inbox mails and new-question mails, and the
 * weekly digest. Each server process runs one (start/stop); tests call runOnce/runDigest instead. The
 * inbox dispatcher may run in every process at once (each row is claimed by compare-and-set); the
 * new-question mails and the digest run in one process at a time, under a lease row (job_lease).
 */
export class NotifyMail {
  readonly #db: Kysely<DB>;
  readonly #settings: SettingsStore;
  readonly #seal: OutboxSeal;
  readonly #now: () => number;
  readonly #pollMs: number;
  readonly #digestEveryMs: number;
  readonly #batch: number;
  /** This process's name on the lease rows. */
  readonly #holder = randomBytes(12).toString('hex');
  #log: MailLogger;
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #pass: Promise<unknown> | undefined;
  #nextDigest = 0;

  constructor(options: NotifyMailOptions) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#seal = new OutboxSeal(options.key);
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? silent;
    this.#pollMs = options.pollMs ?? 3_000;
    this.#digestEveryMs = options.digestEveryMs ?? 3600_000;
    this.#batch = options.batch ?? 50;
  }

  setLogger(log: MailLogger): void {
    this.#log = log;
  }

  #job(): DispatchJob {
    return { db: this.#db, settings: this.#settings, seal: this.#seal, now: this.#now(), log: this.#log };
  }

  /**
   * One pass of the dispatcher (by the injected clock): settles every waiting inbox entry, then, when
   * this process gets the lease, every question waiting for its new-question mails. Returns how many
   * of each it settled (questions: null when another process holds the lease).
   */
  async runOnce(): Promise<{ notices: number; questions: number | null }> {
    let notices = 0;
    for (;;) {
      const seen = await dispatchInbox(this.#job(), this.#batch);
      notices += seen;
      if (seen < this.#batch) break;
    }
    const questions = await this.#leased('new_question_mail', async () => {
      let total = 0;
      for (;;) {
        const settled = await dispatchNewQuestions(this.#job(), this.#batch);
        total += settled;
        if (settled < this.#batch) return total;
      }
    });
    return { notices, questions };
  }

  /** The weekly digest job: the number of digests queued, or null when another process runs it now. */
  runDigest(): Promise<number | null> {
    return this.#leased('weekly_digest', () => sendDigests(this.#job()));
  }

  async #leased<T>(name: string, work: () => Promise<T>): Promise<T | null> {
    if (!(await claimLease(this.#db, name, this.#holder, this.#now(), LEASE_MS))) return null;
    try {
      return await work();
    } finally {
      await releaseLease(this.#db, name, this.#holder, this.#now());
    }
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#pass?.catch(() => undefined);
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#pass = this.#tick().finally(() => {
        this.#pass = undefined;
        if (this.#started) this.#schedule();
      });
    }, this.#pollMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    try {
      await this.runOnce();
      if (this.#now() >= this.#nextDigest) {
        this.#nextDigest = this.#now() + this.#digestEveryMs;
        await this.runDigest();
      }
    } catch (error) {
      this.#log.error(`notification mail: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
