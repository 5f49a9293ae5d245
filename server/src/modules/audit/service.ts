import type { AdminAuditItem, AdminAuditPage, AdminAuditQuery, AuditDetail } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import * as repo from './repository';
import {
  ACTOR_NAME_MAX,
  clip,
  DEFAULT_PAGE_SIZE,
  IP_MAX,
  TARGET_ID_MAX,
  TARGET_NAME_MAX,
  type AuditEntry,
} from './table';

export type { AuditEntry, AuditTarget } from './table';
export { changedFields, someNames } from './table';

/** Who made a change and from where: the administrator's user id and the request's client address. */
export interface AuditSource {
  userId: number;
  ip: string;
}

/** Writes audit entries; install mode (no database) has none. */
export interface AuditRecorder {
  /** Writes one entry; inside `trx` when given (the change's own transaction), else in one of its own. */
  record(source: AuditSource, entry: AuditEntry, trx?: Transaction<DB>): Promise<void>;
}

/** One request's audit writer: the entry is recorded as that request's administrator and address. */
export type AuditWrite = (entry: AuditEntry, trx?: Transaction<DB>) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log of administrative changes (routes reach it through `auditOf(request)`). */
    audit: AuditRecorder;
  }
}

/** The audit writer of an admin request (route level `admin`, so it has a session). */
export function auditOf(request: FastifyRequest): AuditWrite {
  const source = { userId: Number(request.session?.userId ?? 0), ip: request.ip };
  return (entry, trx) => request.server.audit.record(source, entry, trx);
}

/** Writes nothing: for callers outside a request (scripts, benchmarks). */
export const skipAudit: AuditWrite = async () => undefined;
export const noAudit: AuditRecorder = { record: async () => undefined };

const parseDetail = (text: string): AuditDetail => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditDetail) : {};
  } catch {
    return {};
  }
};

/**
 * The audit log: entries written by the admin routes (through `auditOf`) and the paged read of
 * GET audit/page. The actor's username is read when the entry is written, in the same transaction.
 */
export class AuditLog implements AuditRecorder {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async record(source: AuditSource, entry: AuditEntry, trx?: Transaction<DB>): Promise<void> {
    const write = async (t: Transaction<DB>) => {
      const name = (await repo.usernameOf(t, source.userId)) ?? '';
      await repo.insertEntry(t, {
        id: await nextId(t, 'admin_audit'),
        actor_id: source.userId,
        actor_name: clip(name, ACTOR_NAME_MAX),
        action: entry.action,
        target_type: entry.target?.type ?? '',
        target_id: clip(entry.target?.id ?? '', TARGET_ID_MAX),
        target_name: clip(entry.target?.name ?? '', TARGET_NAME_MAX),
        detail: JSON.stringify(entry.detail ?? {}),
        ip: clip(source.ip, IP_MAX),
        created_at: this.#now(),
      });
    };
    if (trx) await write(trx);
    else await writeTransaction(this.#db, write);
  }

  /** GET audit/page: newest first, filtered by kind and by administrator (user id or username). */
  async page(query: AdminAuditQuery): Promise<AdminAuditPage> {
    const actor = query.actor?.trim() ?? '';
    const filter: repo.AuditFilter = {
      ...(query.action ? { action: query.action } : {}),
      ...(actor === '' ? {} : /^\d{1,15}$/.test(actor) ? { actorId: Number(actor) } : { actorName: actor }),
    };
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const offset = ((query.page ?? 1) - 1) * size;
    const [count, rows] = await Promise.all([
      repo.countEntries(this.#db, filter),
      repo.listEntries(this.#db, filter, { offset, limit: size }),
    ]);
    const list: AdminAuditItem[] = rows.map((row) => ({
      id: String(row.id),
      created_at: Math.floor(row.created_at / 1000),
      action: row.action,
      actor: { user_id: String(row.actor_id), name: row.actor_name, exists: row.actor_exists === 1 },
      target: { type: row.target_type, id: row.target_id, name: row.target_name },
      detail: parseDetail(row.detail),
      ip: row.ip,
    }));
    return { count, list };
  }
}
