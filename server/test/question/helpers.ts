import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { QuestionPostService } from '../../src/modules/question/posts';
import type { TestDatabase } from '../db/databases';
import { openSite, type InstalledSite } from '../support/site';

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
  // The rate limits stay on: the ask tests count on them.
  const opened = await openSite(target, { members: PEOPLE, settings: 'config', rateLimits: true });
  return {
    site: opened.installed,
    db: opened.db,
    app: opened.app,
    posts: opened.services.posts,
    call: (options) => opened.call(options),
    cleanup: () => opened.close(),
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
