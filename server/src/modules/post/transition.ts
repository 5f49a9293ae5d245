import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { lockMembers, recordActivity } from '../reputation';
import { authorOf, compareAndSet, type StatefulTable } from './repository';

export type { StatefulTable } from './repository';
/** The author of a question or answer, for modules that act on posts (comments notify it). */
export { authorOf } from './repository';

/** What happened, as the notification hook receives it. */
export interface TransitionEvent {
  table: StatefulTable;
  id: string;
  column: 'status' | 'pin' | 'show';
  from: number;
  to: number;
  actorId: number;
  now: number;
}

/**
 * Told of every state change inside its transaction, after the activity row: it may write inbox
 * rows there (closing a question tells its asker), or queue work for later.
 */
export type TransitionHook = (trx: Transaction<DB>, event: TransitionEvent) => Promise<void>;

/**
 * Writes another module adds to a post change, run in the change's own transaction after its effects
 * (a flag review settles its flags and tells the author there): throwing rolls the change back.
 */
export type AlsoInTransaction = (trx: Transaction<DB>, now: number) => Promise<void>;

/** The hook of changes that notify nobody yet. */
export const noNotification: TransitionHook = async () => {};

export interface StatusChange {
  table: StatefulTable;
  id: string;
  column: TransitionEvent['column'];
  /** The value the row must still hold: another request that changed it first wins. */
  from: number;
  to: number;
  /** Whether the change sets updated_at (state changes do; pin and show do not). */
  touch: boolean;
  /** Other columns the change sets (a deleted answer is no longer accepted). */
  also?: Record<string, number | null>;
  /** The activity row: the actor, its type (a config id, read before the transaction) and links. */
  activity: { userId: number; typeId: number; originalObjectId?: string };
  /**
   * When the row no longer holds `from` (a concurrent request changed it first): the error to
   * answer, or null when the change is simply done already.
   */
  lost: () => Error | null;
  /** The change's further writes (counters, tag links, meta rows), in the same transaction. */
  effects?: (trx: Transaction<DB>, now: number) => Promise<void>;
  notify?: TransitionHook;
}

/**
 * The one way a post (question, answer) or tag changes state: close, reopen, delete, undelete, pin,
 * unpin, hide, show. In one transaction: a compare-and-set of the column (so of two racing requests
 * one succeeds and the other gets `lost()`), the change's own effects, its activity row and the
 * notification hook. True when this call made the change.
 */
export async function changeStatus(db: Kysely<DB>, change: StatusChange, clock: () => number): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const now = clock();
    const values = { ...change.also, [change.column]: change.to, ...(change.touch ? { updated_at: now } : {}) };
    if (!(await compareAndSet(trx, change.table, change.id, { column: change.column, from: change.from }, values))) {
      const error = change.lost();
      if (error) throw error;
      return false;
    }
    // The post's author next, before the effects count on tags or write the author's inbox (the lock
    // order of the reputation module): on MySQL the inbox row's foreign key takes a shared lock on the
    // author, and a hide that had counted on a tag first deadlocked with the author asking on that tag.
    if (change.table === 'question' || change.table === 'answer') {
      const author = await authorOf(trx, change.table, change.id);
      if (author !== undefined) await lockMembers(trx, [author]);
    }
    await change.effects?.(trx, now);
    await recordActivity(trx, {
      userId: change.activity.userId,
      objectId: change.id,
      ...(change.activity.originalObjectId ? { originalObjectId: change.activity.originalObjectId } : {}),
      typeId: change.activity.typeId,
      now,
    });
    await (change.notify ?? noNotification)(trx, {
      table: change.table,
      id: change.id,
      column: change.column,
      from: change.from,
      to: change.to,
      actorId: change.activity.userId,
      now,
    });
    return true;
  });
}
