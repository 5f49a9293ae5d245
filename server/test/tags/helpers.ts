import type { FollowingTag, QuestionInfo } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestDatabase } from '../db/databases';
import { operationsSite, PEOPLE, questionBody, type OperationsSite, type Person } from '../operations/helpers';

export { PEOPLE, questionBody, type Person };

export interface TagsSite {
  db: OperationsSite['db'];
  app: FastifyInstance;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  /** Sets a member's reputation (permissions read it fresh on every request). */
  setRank(person: Person, rank: number): Promise<void>;
  /** Asks a question with these tags as `as`; its id. */
  ask(as: Person, slugs: string[]): Promise<string>;
  /** A tag's id by slug (the tag must exist). */
  idOf(slug: string): Promise<string>;
  /** A question's tag links: slug and status, by slug. */
  rels(questionId: string): Promise<{ slug_name: string; status: number }[]>;
  /** The slugs GET tags/following gives `as`. */
  following(as: Person): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** The members and data of `operationsSite` (test/operations/helpers.ts), with tag-minded shortcuts. */
export async function tagsSite(target: TestDatabase): Promise<TagsSite> {
  const base = await operationsSite(target);
  const { db, app } = base;
  const site: TagsSite = {
    db,
    app,
    call: base.call,
    async setRank(person, rank) {
      await db.updateTable('user').set({ rank }).where('id', '=', PEOPLE[person].id).execute();
    },
    async ask(as, slugs) {
      const res = await site.call<QuestionInfo>({
        method: 'POST',
        url: '/question',
        as,
        payload: questionBody({ tags: slugs.map((slug_name) => ({ slug_name })) }),
      });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.id;
    },
    async idOf(slug) {
      return (await db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;
    },
    rels(questionId) {
      return db
        .selectFrom('tag_rel')
        .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
        .select(['tag.slug_name', 'tag_rel.status'])
        .where('tag_rel.object_id', '=', questionId)
        .orderBy('tag.slug_name')
        .execute();
    },
    async following(as) {
      const res = await site.call<FollowingTag[]>({ method: 'GET', url: '/tags/following', as });
      return res.body.data.map((t) => t.slug_name);
    },
    cleanup: base.cleanup,
  };
  return site;
}
