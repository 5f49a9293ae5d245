import type { AnswerWithQuestion, QuestionInfo, Timeline, TimelineDetail } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { TestDatabase } from '../db/databases';
import { questionBody } from '../question/helpers';
import { openSite, type InstalledSite } from '../support/site';

export { questionBody };

/** Members of the test site: token = name. The install admin is user 1. */
export const CAST = {
  admin: { id: 1, roleId: 2, rank: 1 },
  /** The author of the posts the tests read. */
  alice: { id: 31, roleId: 1, rank: 1 },
  /** A new member (reputation 1). */
  bob: { id: 32, roleId: 1, rank: 1 },
  /** Holds question.edit and answer.edit (level 2: 100) but not edits without review (1000): edits are suggested. */
  reviser: { id: 38, roleId: 1, rank: 500 },
  /** Edits posts without review and adds tags (level 2: 1000 and 750), but not tags without review. */
  editor: { id: 33, roleId: 1, rank: 2000 },
  /** Edits tags without review (level 2: 10000). */
  tagger: { id: 34, roleId: 1, rank: 20000 },
  mod: { id: 35, roleId: 3, rank: 1 },
  suspended: { id: 36, roleId: 1, rank: 5000, session: 'suspended' },
  inactive: { id: 37, roleId: 1, rank: 5000, session: 'inactive' },
} as const;
export type Who = keyof typeof CAST;

export type Reply<T> = { status: number; body: { code: number; reason: string; msg: string; data: T } };

export interface TimelineSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(options: InjectOptions & { as?: Who }): Promise<Reply<T>>;
  /** POST question by `as`: the question. */
  ask(as?: Who): Promise<QuestionInfo>;
  /** POST answer by `as` on `questionId`: the answer id. */
  answer(questionId: string, as?: Who): Promise<string>;
  timeline(objectId: string, as?: Who, showVote?: boolean): Promise<Reply<Timeline>>;
  detail(newId: string, oldId: string, as?: Who): Promise<Reply<TimelineDetail>>;
  rollback(revisionId: string, as?: Who, reason?: string): Promise<Reply<null>>;
  cleanup(): Promise<void>;
}

/** An installed site (privilege level 2) with the cast above, every route, rate limits off. */
export async function timelineSite(target: TestDatabase): Promise<TimelineSite> {
  const opened = await openSite(target, { members: CAST, settings: 'config' });
  const { db, app, call } = opened;
  const site = opened.installed;
  return {
    site,
    db,
    app,
    call,
    async ask(as = 'alice') {
      const res = await call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as });
      if (res.status !== 200) throw new Error(`ask: ${res.status} ${res.body.reason}`);
      return res.body.data;
    },
    async answer(questionId, as = 'bob') {
      const res = await call<AnswerWithQuestion>({
        method: 'POST',
        url: '/answer',
        as,
        payload: { question_id: questionId, content: `An answer by ${as} that explains it well.` },
      });
      if (res.status !== 200) throw new Error(`answer: ${res.status} ${res.body.reason}`);
      return res.body.data.info.id;
    },
    timeline: (objectId, as = 'alice', showVote) =>
      call<Timeline>({
        method: 'GET',
        url: `/activity/timeline?object_id=${objectId}${showVote ? '&show_vote=true' : ''}`,
        as,
      }),
    detail: (newId, oldId, as = 'alice') =>
      call<TimelineDetail>({
        method: 'GET',
        url: `/activity/timeline/detail?new_revision_id=${newId}&old_revision_id=${oldId}`,
        as,
      }),
    rollback: (revisionId, as = 'alice', reason) =>
      call<null>({
        method: 'PUT',
        url: '/revisions/rollback',
        as,
        payload: { revision_id: revisionId, ...(reason === undefined ? {} : { reason }) },
      }),
    cleanup: () => opened.close(),
  };
}
