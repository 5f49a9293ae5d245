import type { AnswerWithQuestion, FlaggedPostPage, QuestionInfo } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../src/config';
import type { DB } from '../../src/db/schema';
import type { Services } from '../../src/services';
import type { TestDatabase } from '../db/databases';
import { openSite, type InstalledSite } from '../support/site';

/**
 * The people of the permission matrix (token = name). The install admin is user 1. At privilege level 2
 * `editor` may edit others' posts (100) but holds no audit privilege (1000).
 */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 31, roleId: 1, rank: 1 },
  bob: { id: 32, roleId: 1, rank: 1 },
  carol: { id: 33, roleId: 1, rank: 1 },
  newbie: { id: 34, roleId: 1, rank: 1 },
  editor: { id: 35, roleId: 1, rank: 500 },
  mod: { id: 36, roleId: 3, rank: 1 },
  suspended: { id: 37, roleId: 1, rank: 1, status: 9 },
  inactive: { id: 38, roleId: 1, rank: 1, inactive: true },
} as const;
export type Person = keyof typeof PEOPLE;

/** Flag reason config ids a fresh install seeds. */
export const FLAG = { spam: 57, rude: 58, something: 59, notAnAnswer: 61 } as const;
/** Close reason config ids: 63 takes no remark, 64 needs one. */
export const CLOSE = { communitySpecific: 63, notClarity: 64 } as const;

type Reply<T> = { status: number; body: { code: number; reason: string; msg: string; data: T } };

export interface ReviewSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  /** A call under /answer/api/v1 (`admin: true`: under /answer/admin/api). */
  call<T = unknown>(options: InjectOptions & { as?: Person; admin?: boolean }): Promise<Reply<T>>;
  ask(as?: Person): Promise<string>;
  answer(questionId: string, as?: Person): Promise<string>;
  comment(objectId: string, as?: Person): Promise<string>;
  /** Flags the object and returns the new flag's id. */
  flag(objectId: string, as?: Person, reason?: number, content?: string): Promise<string>;
  page(as?: Person, page?: number, lang?: string): Promise<Reply<FlaggedPostPage>>;
  review(payload: Record<string, unknown>, as?: Person): Promise<Reply<null>>;
  /** The activity keys written on an object, with who acted. */
  activities(objectId: string): Promise<Array<{ key: string; user_id: number }>>;
  /** Inbox rows about an object: the recipient and the parsed content. */
  notices(objectId: string): Promise<Array<{ user_id: number; content: Record<string, unknown> }>>;
  flagStatus(flagId: string): Promise<number>;
  cleanup(): Promise<void>;
}

let counter = 0;
/** Text no other post of the run uses (the duplicate guard remembers bodies). */
export function uniqueText(kind: string): string {
  counter += 1;
  return `This ${kind} number ${counter} explains how the review thing works.`;
}

/**
 * An installed site (privilege level 2) with the people above and every Q&A route; `config` is laid
 * over the test config (site settings, plugins, the update feed).
 */
export async function reviewSite(target: TestDatabase, config: Partial<ServerConfig> = {}): Promise<ReviewSite> {
  const opened = await openSite(target, { members: PEOPLE, config });
  const { db, app, services, call } = opened;
  const site = opened.installed;
  const must = <T>(res: Reply<T>, what: string): T => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return {
    site,
    db,
    app,
    services,
    call,
    async ask(as = 'alice') {
      const payload = {
        title: uniqueText('title').slice(0, 50),
        content: uniqueText('question'),
        tags: [{ slug_name: 'support' }],
      };
      return must(await call<QuestionInfo>({ method: 'POST', url: '/question', payload, as }), 'ask').id;
    },
    async answer(questionId, as = 'bob') {
      const payload = { question_id: questionId, content: uniqueText('answer') };
      return must(await call<AnswerWithQuestion>({ method: 'POST', url: '/answer', payload, as }), 'answer').info.id;
    },
    async comment(objectId, as = 'bob') {
      const payload = { object_id: objectId, original_text: uniqueText('comment').slice(0, 80) };
      return must(await call<{ comment_id: string }>({ method: 'POST', url: '/comment', payload, as }), 'comment')
        .comment_id;
    },
    async flag(objectId, as = 'bob', reason = FLAG.spam, content) {
      const payload = { object_id: objectId, report_type: reason, ...(content ? { content } : {}) };
      must(await call({ method: 'POST', url: '/report', payload, as }), 'flag');
      const row = await db
        .selectFrom('report')
        .select('id')
        .where('object_id', '=', objectId)
        .where('user_id', '=', PEOPLE[as].id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    page(as = 'mod', page = 1, lang) {
      return call<FlaggedPostPage>({
        method: 'GET',
        url: `/report/unreviewed/post?page=${page}`,
        as,
        ...(lang ? { headers: { 'accept-language': lang } } : {}),
      });
    },
    review(payload, as = 'mod') {
      return call<null>({ method: 'PUT', url: '/report/review', payload, as });
    },
    async activities(objectId) {
      const rows = await db
        .selectFrom('activity')
        .innerJoin('config', 'config.id', 'activity.activity_type')
        .select(['config.key', 'activity.user_id'])
        .where('activity.object_id', '=', objectId)
        .orderBy('activity.id')
        .execute();
      return rows.map((r) => ({ key: r.key, user_id: Number(r.user_id) }));
    },
    async notices(objectId) {
      const rows = await db
        .selectFrom('notification')
        .select(['user_id', 'content'])
        .where('object_id', '=', objectId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        user_id: Number(r.user_id),
        content: JSON.parse(r.content) as Record<string, unknown>,
      }));
    },
    async flagStatus(flagId) {
      const row = await db.selectFrom('report').select('status').where('id', '=', flagId).executeTakeFirstOrThrow();
      return Number(row.status);
    },
    cleanup: () => opened.close(),
  };
}
