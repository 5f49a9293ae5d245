import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { Session, SessionStore } from '../../src/modules/session/store';
import type { Services } from '../../src/services';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { configSettings, envelope, siteApp, testConfig } from '../helpers';
import { addMembers } from '../support/members';

/** Members of the test site: token = name. The install admin is user 1. */
export const MEMBERS = {
  admin: { id: 1, roleId: 2, rank: 1, status: 'normal' },
  mod: { id: 31, roleId: 3, rank: 1, status: 'normal' },
  /** A new member (rank 1). */
  alice: { id: 32, roleId: 1, rank: 1, status: 'normal' },
  bob: { id: 33, roleId: 1, rank: 1, status: 'normal' },
  /** Enough reputation to edit others' posts (question.edit, answer.edit), no audit right. */
  editor: { id: 34, roleId: 1, rank: 2000, status: 'normal' },
  suspended: { id: 35, roleId: 1, rank: 1, status: 'suspended' },
  /** E-mail not verified. */
  inactive: { id: 36, roleId: 1, rank: 1, status: 'inactive' },
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

function sessionsOf(): SessionStore {
  const sessions: Record<string, Session> = Object.fromEntries(
    Object.entries(MEMBERS).map(([name, m]) => [
      name,
      { token: name, userId: String(m.id), roleId: m.roleId as 1 | 2 | 3, status: m.status },
    ]),
  );
  return { find: async (token) => sessions[token] ?? null, revoke: async () => undefined };
}

/** An installed site with the members above, every route, and the moderation settings in memory. */
export async function queueSite(target: TestDatabase): Promise<QueueSite> {
  const site = await installedSite(target);
  const db = site.database.db;
  await addMembers(
    db,
    Object.fromEntries(Object.entries(MEMBERS).map(([k, m]) => [k, { id: m.id, roleId: m.roleId, rank: m.rank }])),
  );
  const limits = process.env.AGORA_RATE_LIMITS;
  process.env.AGORA_RATE_LIMITS = 'off';
  const config = testConfig({ dataDir: site.dataDir });
  const { app, services } = await siteApp(db, config, { sessions: sessionsOf(), settings: configSettings(config) });
  if (limits === undefined) delete process.env.AGORA_RATE_LIMITS;
  else process.env.AGORA_RATE_LIMITS = limits;
  const call = async <T>({ as, admin, ...inject }: InjectOptions & { as?: Member; admin?: boolean }) => {
    const response = await app.inject({
      ...inject,
      url: `${admin ? '/answer/admin/api' : '/answer/api/v1'}${inject.url}`,
      headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
    });
    return { status: response.statusCode, body: envelope<T>(response.body) as never } as Reply<T>;
  };
  return {
    site,
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
    async cleanup() {
      await app.close();
      await site.cleanup();
    },
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
