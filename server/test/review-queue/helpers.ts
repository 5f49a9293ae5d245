import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { Services } from '../../src/services';
import type { InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { openSite } from '../support/site';

/** Members of the test site: token = name. The install admin is user 1. */
export const MEMBERS = {
  admin: { id: 1, roleId: 2, rank: 1 },
  mod: { id: 31, roleId: 3, rank: 1 },
  /** A new member (rank 1). */
  alice: { id: 32, roleId: 1, rank: 1 },
  bob: { id: 33, roleId: 1, rank: 1 },
  /** Enough reputation to edit others' posts (question.edit, answer.edit), no audit right. */
  editor: { id: 34, roleId: 1, rank: 2000 },
  /** The login's state only (the row stays normal). */
  suspended: { id: 35, roleId: 1, rank: 1, session: 'suspended' },
  /** E-mail not verified (the login's state only). */
  inactive: { id: 36, roleId: 1, rank: 1, session: 'inactive' },
} as const;
export type Member = keyof typeof MEMBERS;

type Reply<T> = { status: number; body: { code: number; reason: string; msg: string; data: T } };

export interface QueueSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  /** A call under /answer/api/v1 (`admin: true`: under /answer/admin/api). */
  call<T = unknown>(options: InjectOptions & { as?: Member; admin?: boolean }): Promise<Reply<T>>;
  /** Saves the moderation settings (merged over the current ones) as the admin. */
  moderation(patch: Record<string, unknown>): Promise<void>;
  cleanup(): Promise<void>;
}

/** An installed site with the members above, every route, and the settings of the config file. */
export async function queueSite(target: TestDatabase): Promise<QueueSite> {
  const opened = await openSite(target, { members: MEMBERS, settings: 'config' });
  const { db, app, services } = opened;
  const call = <T>(options: InjectOptions & { as?: Member; admin?: boolean }) =>
    opened.call<T>(options) as Promise<Reply<T>>;
  return {
    site: opened.installed,
    db,
    app,
    services,
    call,
    async moderation(patch) {
      const current = await call<Record<string, unknown>>({
        method: 'GET',
        url: '/siteinfo/moderation',
        as: 'admin',
        admin: true,
      });
      const res = await call({
        method: 'PUT',
        url: '/siteinfo/moderation',
        as: 'admin',
        admin: true,
        payload: { ...current.body.data, ...patch },
      });
      if (res.status !== 200) throw new Error(`moderation settings: ${res.status} ${JSON.stringify(res.body)}`);
    },
    cleanup: () => opened.close(),
  };
}

let counter = 0;
/** A question body no other test posts (the duplicate guard remembers bodies). */
export function questionBody(extra = '') {
  counter += 1;
  return {
    title: `How do I set up the queue case ${counter}? ${extra}`.trim(),
    content: `Steps for case ${counter} that I tried. ${extra}`.trim(),
    tags: [{ slug_name: 'support' }],
  };
}

/** A unique body of at least six characters. */
export function text(extra = '') {
  counter += 1;
  return `Here is reply number ${counter}. ${extra}`.trim();
}
