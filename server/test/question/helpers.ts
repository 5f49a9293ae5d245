import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { QuestionPostService } from '../../src/modules/question/posts';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { configSettings, envelope, siteApp, testConfig } from '../helpers';
import { addMembers, memberSessions } from '../support/members';

/** Members of the test site: token = name. The install admin is user 1. */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 11, roleId: 1, rank: 1 },
  bob: { id: 12, roleId: 1, rank: 1 },
  /** Enough reputation for tag.add (750) and question.edit (100) at level 2. */
  rich: { id: 13, roleId: 1, rank: 2000 },
  mod: { id: 14, roleId: 3, rank: 1 },
} as const;
export type Person = keyof typeof PEOPLE;

export interface PostsSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  posts: QuestionPostService;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  cleanup(): Promise<void>;
}

/** An installed site with five members, the question and answer routes, and token logins by name. */
export async function postsSite(target: TestDatabase): Promise<PostsSite> {
  const site = await installedSite(target);
  const db = site.database.db;
  await addMembers(db, PEOPLE);
  const sessions = memberSessions(PEOPLE);
  const config = testConfig();
  const { app, services } = await siteApp(db, config, { sessions, settings: configSettings(config) });
  return {
    site,
    db,
    app,
    posts: services.posts,
    async call<T>({ as, ...inject }: InjectOptions & { as?: Person }) {
      const response = await app.inject({
        ...inject,
        url: `/answer/api/v1${inject.url}`,
        headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
      });
      return { status: response.statusCode, body: envelope<T>(response.body) as never };
    },
    async cleanup() {
      await app.close();
      await site.cleanup();
    },
  };
}

let counter = 0;
/** A question body that no other test posts (the duplicate guard remembers bodies). */
export function questionBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `How do I configure thing number ${counter}?`,
    content: `I tried **this** for case ${counter} and it failed.`,
    tags: [{ slug_name: 'support' }],
    ...overrides,
  };
}
