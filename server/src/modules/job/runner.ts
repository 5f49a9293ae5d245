import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { OutboxSeal } from '../../lib/sealed';
import * as repo from './repository';

/** An item a job could not handle: its number (a 1-based line, a member id), a reason key, its parameters. */
export interface JobItemFailure {
  item: number;
  reason: string;
  params?: Record<string, string | number>;
}

/** What a handler sees of the job it runs. */
export interface JobContext {
  readonly id: number;
  /** The input it was queued with (opened when the kind is sealed). */
  readonly input: string;
  /** Where the last committed step left off ('' at the start). */
  readonly cursor: string;
  /** Items handled by committed steps (by this process or one before it). */
  readonly done: number;
  /** The administrator who started it (0: the site). */
  readonly createdBy: number;
  /** Aborted when the lease is lost or the runner stops: the handler should return soon. */
  readonly signal: AbortSignal;
  /** Sets how many items there are (the progress bar's end). */
  setTotal(total: number): Promise<void>;
  /**
   * Commits one step in one transaction: `write` (the step's own changes), the failures, the counters
   * and the cursor, and renews the lease. It applies only while this process holds the job; otherwise
   * it rolls back and throws `JobLeaseLost`, so an item is never handled twice across a takeover.
   */
  step(
    progress: { handled: number; cursor?: string; failures?: JobItemFailure[] },
    write?: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<void>;
}

/** One kind of job. `sealed`: the input holds secrets (passwords) and is kept encrypted. */
export interface JobHandler {
  kind: string;
  sealed?: boolean;
  /** Does the work from `ctx.cursor` on; what it returns is kept as the job's result. */
  run(ctx: JobContext): Promise<Record<string, number> | void>;
}

/**
 * Queues a job whose input holds no secret from outside a running site (the demo content, which
 * runs from the command line): a server process takes it on its next look for work.
 */
export function queueJob(
  db: Kysely<DB> | Transaction<DB>,
  job: { kind: string; input: unknown; createdBy: number; now: number },
): Promise<number> {
  return repo.insertJob(db, {
    kind: job.kind,
    input: JSON.stringify(job.input),
    createdBy: job.createdBy,
    now: job.now,
  });
}

export class JobLeaseLost extends Error {
  constructor(id: number) {
    super(`job ${id}: another process holds it now`);
  }
}

export interface JobRunnerOptions {
  db: Kysely<DB>;
  /** The key that seals secret inputs (the config file's `outbox_key`). */
  key: string;
  now?: () => number;
  /** How long a lease lasts without renewal (default 30 s); renewed every third of it. */
  leaseMs?: number;
  /** How often an idle runner looks for work (default 2 s). */
  pollMs?: number;
  log?: (line: string, error?: unknown) => void;
}

/**
 * The background jobs of a site (README.md in this folder): each server process runs one runner,
 * which takes queued jobs (and running ones whose lease ran out) by compare-and-set, runs their
 * handler while renewing the lease, and records progress as the handler commits its steps.
 */
export class JobRunner {
  readonly #db: Kysely<DB>;
  readonly #seal: OutboxSeal;
  readonly #now: () => number;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #handlers = new Map<string, JobHandler>();
  #log: (line: string, error?: unknown) => void;
  /** This process's name on the leases it holds. */
  readonly owner = `${process.pid}-${randomBytes(6).toString('hex')}`;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopping = new AbortController();
  #again = false;

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#seal = new OutboxSeal(options.key);
    this.#now = options.now ?? Date.now;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#pollMs = options.pollMs ?? 2_000;
    this.#log = options.log ?? (() => undefined);
  }

  register(handler: JobHandler): void {
    this.#handlers.set(handler.kind, handler);
  }

  setLogger(log: (line: string, error?: unknown) => void): void {
    this.#log = log;
  }

  /** Queues a job (inside `trx` when given, so it commits with the change that asked for it). */
  async enqueue(
    kind: string,
    input: unknown,
    createdBy: number,
    options: { trx?: Transaction<DB>; total?: number } = {},
  ): Promise<number> {
    const handler = this.#handlers.get(kind);
    if (!handler) throw new Error(`no job handler for ${kind}`);
    const text = JSON.stringify(input);
    const seal = handler.sealed ? (value: string, id: number) => this.#seal.seal(value, `job:${id}`) : undefined;
    const id = await repo.insertJob(
      options.trx ?? this.#db,
      { kind, input: text, createdBy, total: options.total, now: this.#now() },
      seal,
    );
    // Outside a transaction the job is visible now; inside one, the next poll finds it.
    if (!options.trx) this.kick();
    return id;
  }

  /** Starts looking for work (the site's process; tests call `runPending`). */
  start(): void {
    if (this.#timer) return;
    this.#stopping = new AbortController();
    this.#timer = setInterval(() => this.kick(), this.#pollMs);
    this.#timer.unref?.();
    this.kick();
  }

  /** Resolves when the pass under way (if any) has finished. */
  async idle(): Promise<void> {
    await this.#running;
  }

  /** Stops taking jobs and waits for the one running (its handler sees the abort and returns). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#stopping.abort();
    await this.#running;
  }

  /**
   * Looks for work now (a job was just queued), unless a pass is already under way. Only a started
   * runner does; tests drive theirs with `runPending`.
   */
  kick(): void {
    if (!this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.runPending()
      .then(() => undefined)
      .catch((error: unknown) => this.#log('job runner pass failed', error))
      .finally(() => {
        this.#running = null;
        if (this.#again && !this.#stopping.signal.aborted) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Runs every job it can take, one after another, until none is left; the number run. */
  async runPending(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (this.#stopping.signal.aborted) return ran;
      const ids = await repo.claimableJobs(this.#db, [...this.#handlers.keys()], this.#now());
      let took = false;
      for (const id of ids) {
        if (!(await repo.claimJob(this.#db, id, this.owner, this.#now(), this.#leaseMs))) continue;
        took = true;
        await this.#run(id);
        ran += 1;
        break;
      }
      if (!took) return ran;
    }
  }

  /** A job and its first `limit` failures (undefined: no such job). */
  async read(id: number, limit = 1000) {
    const row = await repo.findJob(this.#db, id);
    if (!row) return undefined;
    return { row, failures: await repo.jobFailures(this.#db, id, limit) };
  }

  async #run(id: number): Promise<void> {
    const row = await repo.findJob(this.#db, id);
    if (!row) return;
    const handler = this.#handlers.get(row.kind)!;
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.#stopping.signal]);
    const renew = setInterval(() => {
      repo
        .advanceJob(this.#db, id, this.owner, this.#now(), this.#leaseMs)
        .then((held) => {
          if (!held) lost.abort();
        })
        .catch((error: unknown) => this.#log(`job ${id}: lease renewal failed`, error));
    }, this.#leaseMs / 3);
    renew.unref?.();
    let done = Number(row.done);
    const raw = row.input ?? 'null';
    const ctx: JobContext = {
      id,
      input: handler.sealed ? this.#seal.open(raw, `job:${id}`) : raw,
      cursor: row.cursor,
      get done() {
        return done;
      },
      createdBy: Number(row.created_by),
      signal,
      setTotal: async (total) => {
        if (!(await repo.advanceJob(this.#db, id, this.owner, this.#now(), this.#leaseMs, { total })))
          throw new JobLeaseLost(id);
      },
      step: async (progress, write) => {
        const failures = progress.failures ?? [];
        await writeTransaction(this.#db, async (trx) => {
          const held = await repo.advanceJob(trx, id, this.owner, this.#now(), this.#leaseMs, {
            handled: progress.handled,
            failed: failures.length,
            cursor: progress.cursor,
          });
          if (!held) throw new JobLeaseLost(id);
          await repo.insertFailures(
            trx,
            id,
            failures.map((f) => ({ item: f.item, reason: f.reason, params: JSON.stringify(f.params ?? {}) })),
          );
          await write?.(trx);
        });
        done += progress.handled;
      },
    };
    try {
      const result = await handler.run(ctx);
      // Stopped half-way (the process is closing): the lease runs out and another process resumes it.
      if (signal.aborted) return;
      await repo.finishJob(this.#db, id, this.owner, this.#now(), {
        state: 'done',
        result: JSON.stringify(result ?? {}),
      });
    } catch (error) {
      if (error instanceof JobLeaseLost || signal.aborted) return;
      this.#log(`job ${id} (${row.kind}) failed`, error);
      await repo
        .finishJob(this.#db, id, this.owner, this.#now(), { state: 'failed', error: 'error.job.failed' })
        .catch((failure: unknown) => this.#log(`job ${id}: could not record its failure`, failure));
    } finally {
      clearInterval(renew);
    }
  }
}
