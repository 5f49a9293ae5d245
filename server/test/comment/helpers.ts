import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { formatObjectId } from '../../src/db/ids';
import type { DB } from '../../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/demo';
import { ADMIN, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { openSite } from '../support/site';

export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** What every captcha expects when the tests switch the captcha on. */
export const CAPTCHA_TEXT = 'Q3Q3';

export interface Member {
  id: number;
  username: string;
  email: string;
  token: string;
}

/** An installed site with a small demo, the whole app with comments on, and a clock tests move. */
export interface CommentSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  clock: { now: number };
  /** Two active members with reputation (enough for comment.add) and the install admin. */
  alice: Member;
  bob: Member;
  admin: Member;
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

/**
 * `captcha`: the captcha plugin on (every captcha expects CAPTCHA_TEXT) with the test clock; off by
 * default, as on a site whose admin switched it off.
 */
export async function commentSite(target: TestDatabase, options: { captcha?: boolean } = {}): Promise<CommentSite> {
  const clock = { now: NOW + 60 * 60_000 };
  const captcha = { enabled: options.captcha ?? false, fixedText: CAPTCHA_TEXT };
  // Real logins (the demo's members); the captcha as the config asks for it; the site's clock is the
  // test's; the tests post more than the per-user content budget allows (its own tests cover it).
  const opened = await openSite(target, {
    seed: async (db) =>
      seedDemo(db, { questions: 12, users: 8, seed: 'comments', now: NOW, passwordHash: await demoPasswordHash() }),
    now: () => clock.now,
    captcha: true,
    config: { captcha },
    sessions: 'real',
  });
  const { db, app, services, installed: site } = opened;
  const { accounts } = services;
  await app.ready();
  const login = async (row: { id: number | string; username: string; e_mail: string }, password: string) => {
    const outcome = await accounts.loginWithEmail(row.e_mail, password);
    if (outcome.kind !== 'ok') throw new Error(`cannot log in as ${row.e_mail}: ${outcome.kind}`);
    return { id: Number(row.id), username: row.username, email: row.e_mail, token: outcome.token };
  };
  const members = await db
    .selectFrom('user')
    .select(['id', 'username', 'e_mail'])
    .where('status', '=', 1)
    .where('mail_status', '=', 1)
    .where('rank', '>=', 1)
    .where('role_id', '=', 1)
    .orderBy('id')
    .execute();
  if (members.length < 2) throw new Error('the demo has fewer than two active members');
  const adminRow = await db
    .selectFrom('user')
    .select(['id', 'username', 'e_mail'])
    .where('role_id', '=', 2)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const alice = await login(members[0]!, DEMO_PASSWORD);
  const bob = await login(members[1]!, DEMO_PASSWORD);
  const admin = await login(adminRow, ADMIN.password);
  return {
    site,
    db,
    app,
    clock,
    alice,
    bob,
    admin,
    async call<T>({ token, ...inject }: InjectOptions & { token?: string }) {
      const res = await app.inject({
        ...inject,
        headers: { ...(inject.headers ?? {}), ...(token ? { authorization: token } : {}) },
      });
      return { status: res.statusCode, body: res.json() as Envelope<T> };
    },
    close: () => opened.close(),
  };
}

let counter = 7_000_000_000_000;
/** A comment id no demo comment has. */
export function freshCommentId(): string {
  counter += 1;
  return formatObjectId('comment', counter);
}

/** An available question (status 1) and an available answer of another available question. */
export async function targets(db: Kysely<DB>): Promise<{ questionId: string; answerId: string }> {
  const question = await db
    .selectFrom('question')
    .select('id')
    .where('status', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const answer = await db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .select('answer.id')
    .where('answer.status', '=', 1)
    .where('question.status', '=', 1)
    .orderBy('answer.id')
    .executeTakeFirstOrThrow();
  return { questionId: question.id, answerId: answer.id };
}
