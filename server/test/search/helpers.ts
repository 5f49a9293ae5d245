import type { SearchResp } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { newObjectId } from '../../src/db/ids';
import type { DB } from '../../src/db/schema';
import { CaptchaService } from '../../src/modules/captcha/service';
import type { TestDatabase } from '../db/databases';
import { openSite, type InstalledSite } from '../support/site';

/** Members of the test site: token = name. The install admin is user 1. */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 11, roleId: 1, rank: 1 },
  bob: { id: 12, roleId: 1, rank: 1 },
} as const;
export type Person = keyof typeof PEOPLE;

/** What every captcha expects when a test switches the captcha on. */
export const CAPTCHA_TEXT = 'S34RCH';

export interface Reply<T> {
  status: number;
  body: { code: number; reason: string; msg: string; data: T };
}

export interface SearchSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(options: InjectOptions & { as?: Person }): Promise<Reply<T>>;
  /** GET search with these query parameters (anonymous unless `as`). */
  search(q: string, extra?: Record<string, string | number>, as?: Person): Promise<Reply<SearchResp>>;
  /** Adds a tag row; a synonym when `mainTagId` is given. */
  tag(slug: string, mainTag?: { id: string; slug: string }): Promise<string>;
  /** Asks a question through the API; its id. */
  ask(as: Person, title: string, content: string, tags?: string[]): Promise<string>;
  /** Answers through the API; the answer id. */
  answer(as: Person, questionId: string, content: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function searchSite(
  target: TestDatabase,
  options: { captcha?: boolean; now?: () => number } = {},
): Promise<SearchSite> {
  const now = Date.now();
  // Many posts per member and minute here: the content rate limit has its own tests.
  const captcha = { enabled: options.captcha ?? false, fixedText: CAPTCHA_TEXT };
  const opened = await openSite(target, {
    members: PEOPLE,
    config: { captcha },
    captcha: true,
    // Hand-built: only the captcha's clock moves (the thresholds); posts keep real time.
    overrides: (db) => ({ captcha: new CaptchaService(db, { ...captcha, now: options.now }) }),
  });
  const { db, app, call, installed: site } = opened;
  const expectOk = <T>(reply: Reply<T>): T => {
    if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };
  return {
    site,
    db,
    app,
    call,
    search: (q, extra = {}, as) =>
      call<SearchResp>({ method: 'GET', url: '/search', query: { q, ...stringify(extra) }, as }),
    async tag(slug, mainTag) {
      const id = await newObjectId(db, 'tag');
      await db
        .insertInto('tag')
        .values({
          id,
          slug_name: slug,
          display_name: slug,
          original_text: '',
          parsed_text: '',
          user_id: 1,
          created_at: now,
          updated_at: now,
          ...(mainTag ? { main_tag_id: mainTag.id, main_tag_slug_name: mainTag.slug } : {}),
        })
        .execute();
      return id;
    },
    async ask(as, title, content, tags = ['support']) {
      const reply = await call<{ id: string }>({
        method: 'POST',
        url: '/question',
        as,
        payload: { title, content, tags: tags.map((slug_name) => ({ slug_name })) },
      });
      return expectOk(reply).id;
    },
    async answer(as, questionId, content) {
      const reply = await call<{ info: { id: string } }>({
        method: 'POST',
        url: '/answer',
        as,
        payload: { question_id: questionId, content },
      });
      return expectOk(reply).info.id;
    },
    cleanup: () => opened.close(),
  };
}

function stringify(values: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
