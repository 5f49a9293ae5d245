import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, MailOutboxTable } from '../../db/schema';

export type Db = Kysely<DB> | Transaction<DB>;
export type OutboxRow = Selectable<MailOutboxTable>;

export interface NewOutboxMail {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, ...); sealed with the bodies, since they may carry codes. */
  headers?: Record<string, string>;
}

const newId = () => randomBytes(16).toString('hex');

/**
 * Stores a mail to send; `seal` turns each body into what the row keeps (the bodies carry e-mailed
 * codes: see OutboxSeal), given the new row's id.
 */
export async function insertMail(
  db: Db,
  mail: NewOutboxMail,
  now: number,
  seal: (body: string, id: string) => string,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: mail.to,
      template: mail.template,
      subject: mail.subject,
      text_body: seal(mail.text, id),
      html_body: seal(mail.html, id),
      headers: mail.headers && Object.keys(mail.headers).length ? seal(JSON.stringify(mail.headers), id) : null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  return id;
}

/** Whether a pending mail is due now (its time has come and no worker holds its lease). */
export async function countDue(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Claims up to `limit` due mails for one worker: each row is taken by a conditional UPDATE (only
 * where the lease is still free) that sets a new lease and this claim's token, so of two workers
 * racing for a row exactly one updates it. Returns the rows this worker now holds.
 */
export async function claimDue(db: Kysely<DB>, now: number, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const candidates = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const { id } of candidates) {
    const token = newId();
    const result = await db
      .updateTable('mail_outbox')
      .set({ locked_until: now + leaseMs, lock_token: token })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .where('lock_token', '=', token)
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Marks a claimed mail sent (only while this worker still holds it). */
export async function markSent(db: Db, row: OutboxRow, now: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: now,
      attempts: row.attempts + 1,
      locked_until: null,
      lock_token: null,
      last_error: '',
      // Sent: the bodies (and the codes in them) are of no further use.
      text_body: '',
      html_body: '',
      headers: null,
    })
    .where('id', '=', row.id)
    .where('lock_token', '=', row.lock_token)
    .execute();
}

/** Records a failed attempt: the next try at `nextAttemptAt`, or `failed` for good when it is null. */
export async function markAttemptFailed(
  db: Db,
  row: OutboxRow,
  error: string,
  nextAttemptAt: number | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: nextAttemptAt === null ? 'failed' : 'pending',
      attempts: row.attempts + 1,
      next_attempt_at: nextAttemptAt ?? row.next_attempt_at,
      locked_until: null,
      lock_token: null,
      last_error: error.slice(0, 1000),
      ...(nextAttemptAt === null ? { text_body: '', html_body: '', headers: null } : {}),
    })
    .where('id', '=', row.id)
    .where('lock_token', '=', row.lock_token)
    .execute();
}

/**
 * Pending mails never tried and created before `before` will never be worth sending (every link in
 * them has expired): they become `expired` and lose their bodies. This is what happens to mails queued
 * while SMTP is not configured (mails being retried end by the retry schedule). Returns how many.
 */
export async function expireStale(db: Db, before: number, now: number): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'expired', text_body: '', html_body: '', headers: null, last_error: 'expired unsent' })
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
