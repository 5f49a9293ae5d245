import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import { newObjectId } from '../../src/db/ids';
import type { DB } from '../../src/db/schema';
import { apiStatus, MAIL_STATUS, roleIdOf } from '../../src/modules/accounts/mapping';
import type { AccountsService } from '../../src/modules/accounts/service';
import type { RoleId, SessionStore } from '../../src/modules/session/store';
import type { TestDatabase } from '../db/databases';
import { forwardTo, openSite, type InstalledSite } from '../support/site';

export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** A fixed clock: 2026-11-20 12:00 UTC (the daily cap counts from 00:00 UTC of that day). */
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

/**
 * An installed site served by the whole app with the vote, bookmark and follow routes on the real
 * database. Tokens are `test-<user id>` (a session store over the user table: no password hashing,
 * so hundreds of members cost little).
 */
export interface VoteSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  /** Starting rank of every user created here (verifyCounters' baseRank). */
  baseRanks: Map<number, number>;
  accounts: AccountsService;
  /** Another app on the same database and clock, as a second process of the site would be. */
  secondApp(): Promise<FastifyInstance>;
  member(rank: number, options?: { roleId?: RoleId; name?: string }): Promise<number>;
  question(authorId: number): Promise<string>;
  answer(questionId: string, authorId: number): Promise<string>;
  comment(objectId: string, questionId: string, authorId: number): Promise<string>;
  call<T = unknown>(userId: number | null, options: InjectOptions): Promise<{ status: number; body: Envelope<T> }>;
  rank(userId: number): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;

/** What every captcha expects when a test switches the captcha on. */
export const CAPTCHA_TEXT = 'V0TE';

export async function voteSite(
  target: TestDatabase,
  now: () => number = () => NOW,
  options: { captcha?: boolean } = {},
): Promise<VoteSite> {
  const sessions: SessionStore = {
    find: async (token) => {
      const match = /^test-(\d+)$/.exec(token);
      if (!match) return null;
      const user = await opened.db.selectFrom('user').selectAll().where('id', '=', Number(match[1])).executeTakeFirst();
      if (!user) return null;
      return { token, userId: String(user.id), roleId: roleIdOf(user), status: apiStatus(user) };
    },
    revoke: async () => undefined,
  };
  const captcha = { enabled: options.captcha ?? false, fixedText: CAPTCHA_TEXT };
  // The captcha service the site builds from its config (off unless the test switches it on); logins
  // by user id over the user table, since members here are made by the hundred without passwords.
  const opened = await openSite(target, {
    now,
    captcha: true,
    rateLimits: true,
    config: { captcha },
    overrides: { sessions },
  });
  const { db, app, installed: site } = opened;
  const accounts = opened.services.accounts;
  await app.ready();
  const baseRanks = new Map<number, number>([[1, 1]]);
  const t = now();

  return {
    site,
    db,
    app,
    baseRanks,
    accounts,
    secondApp: () => opened.secondApp(),
    async member(rank, options = {}) {
      const n = ++counter;
      const name = options.name ?? `member${n}_${Math.random().toString(36).slice(2, 8)}`;
      const user = await accounts.createUser({
        username: name,
        email: `${name}@example.com`,
        password: null,
        mailStatus: MAIL_STATUS.verified,
        roleId: options.roleId ?? 1,
        rank,
      });
      baseRanks.set(user.id, rank);
      return user.id;
    },
    async question(authorId) {
      const id = await newObjectId(db, 'question');
      await db
        .insertInto('question')
        .values({
          id,
          user_id: authorId,
          invite_user_id: null,
          last_edit_user_id: null,
          title: `A question to vote on ${id}`,
          original_text: 'Body of the question.',
          parsed_text: '<p>Body of the question.</p>',
          post_update_time: t,
          accepted_answer_id: null,
          last_answer_id: null,
          revision_id: null,
          created_at: t,
          updated_at: t,
        })
        .execute();
      await db
        .updateTable('user')
        .set((eb) => ({ question_count: eb('question_count', '+', 1) }))
        .where('id', '=', authorId)
        .execute();
      return id;
    },
    async answer(questionId, authorId) {
      const id = await newObjectId(db, 'answer');
      await db
        .insertInto('answer')
        .values({
          id,
          question_id: questionId,
          user_id: authorId,
          last_edit_user_id: null,
          original_text: 'An answer.',
          parsed_text: '<p>An answer.</p>',
          revision_id: null,
          created_at: t,
          updated_at: t,
        })
        .execute();
      await db
        .updateTable('question')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1), last_answer_id: id }))
        .where('id', '=', questionId)
        .execute();
      await db
        .updateTable('user')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
        .where('id', '=', authorId)
        .execute();
      return id;
    },
    async comment(objectId, questionId, authorId) {
      const id = await newObjectId(db, 'comment');
      await db
        .insertInto('comment')
        .values({
          id,
          user_id: authorId,
          reply_user_id: null,
          reply_comment_id: null,
          object_id: objectId,
          question_id: questionId,
          original_text: 'A comment.',
          parsed_text: '<p>A comment.</p>',
          created_at: t,
          updated_at: t,
        })
        .execute();
      if (objectId !== questionId) {
        await db
          .updateTable('answer')
          .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
          .where('id', '=', objectId)
          .execute();
      }
      return id;
    },
    async call<T>(userId: number | null, options: InjectOptions) {
      const res = await app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(userId !== null ? { authorization: `test-${userId}` } : {}) },
      });
      return { status: res.statusCode, body: res.json() as Envelope<T> };
    },
    async rank(userId) {
      const row = await db.selectFrom('user').select('rank').where('id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.rank);
    },
    close: () => opened.close(),
  };
}

/**
 * A vote site for one describe block: opened before its tests, closed after them. The returned
 * object stands for the site (it forwards to it once beforeAll has run), so test files that share
 * this setup declare it in one line.
 */
export function useVoteSite(target: TestDatabase, now: () => number = () => NOW): VoteSite {
  let site: VoteSite | undefined;
  beforeAll(async () => {
    site = await voteSite(target, now);
  });
  afterAll(async () => {
    await site?.close();
  });
  return forwardTo(() => site, 'The vote site is opened in beforeAll.');
}
