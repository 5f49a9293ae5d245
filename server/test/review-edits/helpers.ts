import type { QuestionInfo } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { TestDatabase } from '../db/databases';
import { questionBody } from '../question/helpers';
import { openSite, type InstalledSite } from '../support/site';

/** Members of the test site (privilege level 2): token = name. The install admin is user 1. */
export const CREW = {
  admin: { id: 1, roleId: 2, rank: 1 },
  /** Writes the posts that get edited. */
  alice: { id: 31, roleId: 1, rank: 1 },
  /** A new member. */
  newbie: { id: 32, roleId: 1, rank: 1 },
  /** question.edit, answer.edit and tag.edit, but no audit and no edit without review. */
  editor: { id: 33, roleId: 1, rank: 200 },
  /** question.audit and answer.audit (1000), not tag.audit (2500). */
  auditor: { id: 34, roleId: 1, rank: 1500 },
  /** Every audit privilege, and tag edits still go to review (10 000). */
  tagger: { id: 35, roleId: 1, rank: 3000 },
  mod: { id: 36, roleId: 3, rank: 1 },
  /** Would hold every audit privilege, but the account is suspended. */
  suspended: { id: 37, roleId: 1, rank: 5000, status: 9 },
  /** Would hold every audit privilege, but the e-mail is not verified. */
  inactive: { id: 38, roleId: 1, rank: 5000, session: 'inactive' },
} as const;
export type CrewMember = keyof typeof CREW;

export interface Reply<T> {
  status: number;
  body: { code: number; reason: string; msg: string; data: T };
}

export interface EditsSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(options: InjectOptions & { as?: CrewMember; lang?: string }): Promise<Reply<T>>;
  cleanup(): Promise<void>;
}

/** An installed site with the crew, every route, token logins by name, and the rate limits off. */
export async function editsSite(target: TestDatabase) {
  // Many edits per member and minute: the content budget (tested with the rate limits) is off here.
  const opened = await openSite(target, { members: CREW, settings: 'config' });
  const result: EditsSite = {
    site: opened.installed,
    db: opened.db,
    app: opened.app,
    call: <T>({ lang, ...options }: InjectOptions & { as?: CrewMember; lang?: string }) =>
      opened.call<T>({
        ...options,
        headers: { ...(options.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
      }),
    cleanup: () => opened.close(),
  };
  return result;
}

/** Posts by alice, and the suggested edits of them by `editor`. */
export function posting(s: EditsSite) {
  const ok = <T>(reply: Reply<T>) => {
    if (reply.status !== 200) throw new Error(`${reply.status} ${reply.body.reason}`);
    return reply.body.data;
  };
  let n = 0;
  return {
    async question(as: CrewMember = 'alice'): Promise<QuestionInfo> {
      return ok(await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as }));
    },
    async answer(questionId: string, as: CrewMember = 'alice'): Promise<string> {
      n += 1;
      const content = `An answer that explains case ${n} in enough words.`;
      const data = ok(
        await s.call<{ info: { id: string } }>({
          method: 'POST',
          url: '/answer',
          payload: { question_id: questionId, content },
          as,
        }),
      );
      return data.info.id;
    },
    async tagId(slug = 'support'): Promise<string> {
      const row = await s.db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow();
      return row.id;
    },
    editQuestion(q: QuestionInfo, as: CrewMember = 'editor', title = `A suggested better title ${++n}`) {
      return s.call<{ wait_for_review: boolean }>({
        method: 'PUT',
        url: '/question',
        payload: {
          id: q.id,
          title,
          content: `${q.content} Now clearer (${n}).`,
          tags: q.tags.map((t) => ({ slug_name: t.slug_name })),
          edit_summary: 'clearer',
        },
        as,
      });
    },
    editAnswer(answerId: string, as: CrewMember = 'editor', content = `A suggested better answer body ${++n}.`) {
      return s.call<{ wait_for_review: boolean }>({
        method: 'PUT',
        url: '/answer',
        payload: { id: answerId, content, edit_summary: 'fix' },
        as,
      });
    },
    editTag(tagId: string, as: CrewMember = 'editor', wiki = `A suggested wiki ${++n}.`) {
      return s.call<{ wait_for_review: boolean }>({
        method: 'PUT',
        url: '/tag',
        payload: {
          tag_id: tagId,
          slug_name: 'support',
          display_name: 'support',
          original_text: wiki,
          edit_summary: 'wiki',
        },
        as,
      });
    },
    /** The suggested edit of an object waiting for review (its revision id). */
    async pendingRevision(objectId: string): Promise<string> {
      const row = await s.db
        .selectFrom('revision')
        .select('id')
        .where('object_id', '=', objectId)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
    audit(id: string, operation: 'approve' | 'reject', as: CrewMember) {
      return s.call<object>({ method: 'PUT', url: '/revisions/audit', payload: { id, operation }, as });
    },
  };
}
