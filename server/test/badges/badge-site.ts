import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import { apiStatus, roleIdOf } from '../../src/modules/accounts/mapping';
import type { SessionStore } from '../../src/modules/session/store';
import type { Services } from '../../src/services';
import type { InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import type { EnvelopeBody } from '../helpers';
import { openSite } from '../support/site';

/**
 * Members of the badge test sites; each logs in with its name as the token. Ranks stay below every
 * reputation badge and above the vote-up privilege (8). `sus` is suspended, `ina` has not confirmed
 * its e-mail address.
 */
export const MEMBERS = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 21, roleId: 1, rank: 10 },
  bob: { id: 22, roleId: 1, rank: 10 },
  carol: { id: 23, roleId: 1, rank: 10 },
  dave: { id: 24, roleId: 1, rank: 10 },
  erin: { id: 25, roleId: 1, rank: 10 },
  mod: { id: 26, roleId: 3, rank: 10 },
  sus: { id: 27, roleId: 1, rank: 10, status: 9 },
  ina: { id: 28, roleId: 1, rank: 10, inactive: true },
} as const;
export type Member = keyof typeof MEMBERS;

export interface Reply<T = unknown> {
  status: number;
  body: EnvelopeBody<T>;
}

export interface BadgeSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  /** A request under /answer/api/v1 (`admin: true`: /answer/admin/api) as `as`, in `lang`. */
  call<T = unknown>(options: InjectOptions & { as?: Member; lang?: string; admin?: boolean }): Promise<Reply<T>>;
  /** POST question as `as`: the new question's id. */
  ask(as: Member): Promise<string>;
  /** POST answer as `as`: the new answer's id. */
  answer(as: Member, questionId: string): Promise<string>;
  /** The id of the badge whose name key is `badge.<key>.name`. */
  badgeId(key: string): Promise<string>;
  /** A member's awards of one badge (by key), oldest first. */
  awards(userId: number, key: string): Promise<Array<{ id: string; award_key: string }>>;
  /** A badge row by key. */
  badge(key: string): Promise<{ id: string; award_count: number; status: number }>;
  /** A member's badge notifications (type 2, earned_badge). */
  achievements(userId: number): Promise<Array<{ object_id: string; content: string }>>;
  cleanup(): Promise<void>;
}

let counter = 0;
/** Text no other post of the run uses (the duplicate guard remembers bodies). */
export function uniqueText(kind: string): string {
  counter += 1;
  return `This ${kind} number ${counter} explains how the importer works, step by step.`;
}

/** An installed site with the members above, rate limits off, token logins by name. */
export async function badgeSite(target: TestDatabase): Promise<BadgeSite> {
  // Sessions read the user row on each request, so a status a test changes (suspension) applies at once.
  const sessions = (db: Kysely<DB>): SessionStore => ({
    find: async (token) => {
      const user = await db.selectFrom('user').selectAll().where('username', '=', token).executeTakeFirst();
      if (!user) return null;
      return { token, userId: String(user.id), roleId: roleIdOf(user), status: apiStatus(user) };
    },
    revoke: async () => undefined,
  });
  const opened = await openSite(target, {
    members: MEMBERS,
    // The install's administrator logs in as `admin` too.
    seed: (db) =>
      db.updateTable('user').set({ username: 'admin', username_key: 'admin' }).where('id', '=', 1).execute(),
    overrides: (db) => ({ sessions: sessions(db) }),
  });
  const { db, app, services } = opened;
  const call = <T>({ lang, ...options }: InjectOptions & { as?: Member; lang?: string; admin?: boolean }) =>
    opened.call<T>({
      ...options,
      headers: { ...(options.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    });
  const badge = (key: string) =>
    db
      .selectFrom('badge')
      .select(['id', 'award_count', 'status'])
      .where('name', '=', `badge.${key}.name`)
      .executeTakeFirstOrThrow()
      .then((r) => ({ id: r.id, award_count: Number(r.award_count), status: Number(r.status) }));

  return {
    site: opened.installed,
    db,
    app,
    services,
    call,
    async ask(as) {
      const res = await call<{ id: string }>({
        method: 'POST',
        url: '/question',
        as,
        payload: {
          title: `How do I configure thing ${++counter}?`,
          content: uniqueText('question'),
          tags: [{ slug_name: 'support' }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    },
    async answer(as, questionId) {
      const res = await call<{ info: { id: string } }>({
        method: 'POST',
        url: '/answer',
        as,
        payload: { question_id: questionId, content: uniqueText('answer') },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.info.id;
    },
    badgeId: async (key) => (await badge(key)).id,
    badge,
    async awards(userId, key) {
      return db
        .selectFrom('badge_award')
        .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
        .select(['badge_award.id', 'badge_award.award_key'])
        .where('badge_award.user_id', '=', userId)
        .where('badge.name', '=', `badge.${key}.name`)
        .orderBy('badge_award.created_at')
        .orderBy('badge_award.id')
        .execute();
    },
    async achievements(userId) {
      return db
        .selectFrom('notification')
        .select(['object_id', 'content'])
        .where('user_id', '=', userId)
        .where('type', '=', 2)
        .where('content', 'like', '%"earned_badge"%')
        .orderBy('id')
        .execute();
    },
    cleanup: () => opened.close(),
  };
}
