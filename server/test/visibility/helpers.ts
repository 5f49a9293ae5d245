import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { TestDatabase } from '../db/databases';
import { openSite, type InstalledSite } from '../support/site';

/**
 * Members of the test site (token = name; the install admin is user 1). Every member has the
 * reputation for votes, comments, flags and edits, so a refusal comes from visibility, not reputation.
 */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  /** Writes the post that gets hidden. */
  alice: { id: 31, roleId: 1, rank: 2000 },
  /** Any other member. */
  bob: { id: 32, roleId: 1, rank: 2000 },
  /** Writes the posts around it: the question an answer is on, the comments. */
  carol: { id: 33, roleId: 1, rank: 2000 },
  mod: { id: 34, roleId: 3, rank: 1 },
  /** Sets the scene: votes on posts of others. */
  dave: { id: 35, roleId: 1, rank: 2000 },
} as const;
export type Person = keyof typeof PEOPLE;

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; reason: string; msg: string; data: T };
}

export interface FullSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(options: InjectOptions & { as?: Person }): Promise<Reply<T>>;
  cleanup(): Promise<void>;
}

/** An installed site with the people above and every question, answer, comment, vote and flag route. */
export async function fullSite(target: TestDatabase): Promise<FullSite> {
  // Many writes per member and minute: the rate limits are off. The same members delete many answered
  // posts here: the repeat-deletion block is off.
  const opened = await openSite(target, {
    members: PEOPLE,
    config: { site: { moderation: { deletion_block_count: 0 } } },
  });
  return {
    site: opened.installed,
    db: opened.db,
    app: opened.app,
    call: (options) => opened.call(options),
    cleanup: () => opened.close(),
  };
}

let counter = 0;
/** A text no other post used (the duplicate guard remembers bodies). */
export function unique(text: string): string {
  counter += 1;
  return `${text} number ${counter}, written for this test only`;
}

/** Posts through the API: each helper returns the new object's id. */
export function writer(s: FullSite) {
  const expectOk = <T>(reply: Reply<T>, what: string): T => {
    if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };
  return {
    ok: expectOk,
    async question(as: Person, tag = 'support'): Promise<string> {
      const reply = await s.call<{ id: string }>({
        method: 'POST',
        url: '/question',
        as,
        payload: {
          title: unique('How do I hide a post'),
          content: unique('Body of the question'),
          tags: [{ slug_name: tag }],
        },
      });
      return expectOk(reply, 'ask').id;
    },
    async answer(as: Person, questionId: string): Promise<string> {
      const reply = await s.call<{ info: { id: string } }>({
        method: 'POST',
        url: '/answer',
        as,
        payload: { question_id: questionId, content: unique('An answer that explains it') },
      });
      return expectOk(reply, 'answer').info.id;
    },
    async comment(as: Person, objectId: string): Promise<string> {
      const reply = await s.call<{ comment_id: string }>({
        method: 'POST',
        url: '/comment',
        as,
        payload: { object_id: objectId, original_text: unique('A comment') },
      });
      return expectOk(reply, 'comment').comment_id;
    },
  };
}
