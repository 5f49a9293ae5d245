import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { newObjectId, nextId } from '../../src/db/ids';
import type { ServerConfig } from '../../src/config';
import type { DB } from '../../src/db/schema';
import type { TestDatabase } from '../db/databases';
import { testConfig } from '../support/config';
import { openSite, type InstalledSite } from '../support/site';

/** Members of the test site: token = name. The install admin is user 1. */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 11, roleId: 1, rank: 1 },
  bob: { id: 12, roleId: 1, rank: 1 },
  /** Enough reputation for tag.add (750) at level 2. */
  rich: { id: 13, roleId: 1, rank: 2000 },
  mod: { id: 14, roleId: 3, rank: 1 },
} as const;
export type Person = keyof typeof PEOPLE;

export interface Reply<T> {
  status: number;
  body: { code: number; reason: string; msg: string; data: T };
}

export interface WriteSite {
  site: InstalledSite;
  /** The app's configuration (its data directory holds the uploads). */
  config: ServerConfig;
  db: Kysely<DB>;
  app: FastifyInstance;
  /** A call to the public API (/answer/api/v1). */
  call<T = unknown>(options: InjectOptions & { as?: Person }): Promise<Reply<T>>;
  /** A call to the admin API (/answer/admin/api). */
  admin<T = unknown>(options: InjectOptions & { as?: Person }): Promise<Reply<T>>;
  /** Adds a tag row (created by the admin) and gives its id. */
  tag(
    slug: string,
    extra?: { display_name?: string; main_tag_id?: string; main_tag_slug_name?: string; status?: number },
  ): Promise<string>;
  /** Stores a question directly (no API): listed and open unless told, tagged with these tag ids. */
  question(
    title: string,
    tagIds: string[],
    extra?: { status?: number; show?: number; vote_count?: number; user_id?: number; created_at?: number },
  ): Promise<string>;
  cleanup(): Promise<void>;
}

/**
 * An installed site with five members and every route of the write settings: the settings stored in
 * site_info (as a real site), read by the app and by the post rules alike.
 */
export async function writeSite(target: TestDatabase, config: ServerConfig = testConfig()): Promise<WriteSite> {
  // These tests post many questions per member and minute: the content rate limit has its own tests.
  const opened = await openSite(target, { members: PEOPLE, config });
  const { db, app } = opened;
  const site = opened.installed;
  const now = Date.now();
  const inject = <T>(admin: boolean, options: InjectOptions & { as?: Person }) => opened.call<T>({ ...options, admin });
  let clock = now;
  return {
    site,
    config,
    db,
    app,
    call: (options) => inject(false, options),
    admin: (options) => inject(true, options),
    async tag(slug, extra = {}) {
      const id = await newObjectId(db, 'tag');
      await db
        .insertInto('tag')
        .values({
          id,
          slug_name: slug,
          display_name: extra.display_name ?? slug,
          original_text: '',
          parsed_text: '',
          user_id: 1,
          created_at: now,
          updated_at: now,
          ...(extra.main_tag_id
            ? { main_tag_id: extra.main_tag_id, main_tag_slug_name: extra.main_tag_slug_name }
            : {}),
          ...(extra.status !== undefined ? { status: extra.status } : {}),
        })
        .execute();
      return id;
    },
    async question(title, tagIds, extra = {}) {
      clock += 1000;
      const at = extra.created_at ?? clock;
      const id = await newObjectId(db, 'question');
      await db
        .insertInto('question')
        .values({
          id,
          user_id: extra.user_id ?? PEOPLE.bob.id,
          title,
          original_text: `Body of ${title}`,
          parsed_text: `<p>Body of ${title}</p>`,
          status: extra.status ?? 1,
          show: extra.show ?? 1,
          vote_count: extra.vote_count ?? 0,
          post_update_time: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (const tagId of tagIds) {
        await db
          .insertInto('tag_rel')
          .values({
            id: await nextId(db, 'tag_rel'),
            object_id: id,
            tag_id: tagId,
            status: extra.status === 10 ? 10 : extra.show === 2 ? 2 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      return id;
    },
    cleanup: () => opened.close(),
  };
}

let counter = 0;
/** A question body no other test posts (the duplicate guard remembers bodies). */
export function questionBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `How do I configure write thing ${counter}?`,
    content: `I tried this for write case ${counter} and it failed.`,
    tags: [{ slug_name: 'support' }],
    ...overrides,
  };
}
