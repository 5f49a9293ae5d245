import type { AnswerWithQuestion, QuestionInfo } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import type { TestDatabase } from '../db/databases';
import { openSite } from '../support/site';

/**
 * The people of the inbox tests (token = name), at privilege level 2. Members have 600 reputation:
 * they may invite (500) and suggest edits of others' posts (100), not apply them (1000); `senior`
 * (1200) applies edits at once and audits suggested ones. `ghost` and `frozen` are deleted and
 * suspended by the admin where a test needs it.
 */
export const PEOPLE = {
  admin: { id: 1, roleId: 2, rank: 1 },
  alice: { id: 41, roleId: 1, rank: 600 },
  bob: { id: 42, roleId: 1, rank: 600 },
  carol: { id: 43, roleId: 1, rank: 600 },
  dave: { id: 44, roleId: 1, rank: 600 },
  erin: { id: 45, roleId: 1, rank: 600 },
  senior: { id: 46, roleId: 1, rank: 1200 },
  mod: { id: 47, roleId: 3, rank: 1 },
  ghost: { id: 48, roleId: 1, rank: 600 },
  frozen: { id: 49, roleId: 1, rank: 600 },
} as const;
export type Person = keyof typeof PEOPLE;

/** Flag reason config ids a fresh install seeds; close reason 63 takes no remark. */
export const FLAG_SPAM = 57;
export const CLOSE_COMMUNITY = 63;

type Reply<T> = { status: number; body: { code: number; reason: string; msg: string; data: T } };

/** An inbox row as the tests read it back: who gets it, the row's kinds and its parsed content. */
export interface Entry {
  user_id: number;
  object_id: string;
  type: number;
  msg_type: number;
  is_read: number;
  content: {
    trigger_user_id: string;
    notification_action: string;
    rank: number;
    reason?: string;
    object_info: { title: string; object_id: string; object_type: string; object_map: Record<string, string> };
  };
}

export interface EventSite {
  db: Kysely<DB>;
  app: FastifyInstance;
  /** A call under /answer/api/v1 (`admin: true`: under /answer/admin/api) as `as`. */
  call<T = unknown>(options: InjectOptions & { as?: Person; admin?: boolean }): Promise<Reply<T>>;
  /** The same call, failing the test unless it answers 200. */
  must<T = unknown>(options: InjectOptions & { as?: Person; admin?: boolean }): Promise<T>;
  ask(as: Person, title?: string): Promise<{ id: string; title: string }>;
  answer(questionId: string, as: Person): Promise<string>;
  comment(objectId: string, as: Person, text?: string, extra?: Record<string, unknown>): Promise<string>;
  /** Every inbox row about an object, oldest first. */
  entries(objectId: string): Promise<Entry[]>;
  /** Every inbox row of a member, oldest first. */
  inbox(person: Person): Promise<Entry[]>;
  cleanup(): Promise<void>;
}

let counter = 0;
/** Text no other post of the run uses (the duplicate guard remembers bodies). */
export function uniqueText(kind: string): string {
  counter += 1;
  return `This ${kind} number ${counter} says something useful about inbox entries.`;
}

/** `[receiver, action]` pairs of rows, for compact expectations. */
export const who = (rows: Entry[]) => rows.map((r) => [r.user_id, r.content.notification_action]);

/** An installed site (privilege level 2, no rate limits) with the people above and every route. */
export async function eventSite(target: TestDatabase): Promise<EventSite> {
  const site = await openSite(target, { members: PEOPLE });
  const { db, app, call, must } = site;
  const read = async (column: 'object_id' | 'user_id', value: string | number) => {
    const rows = await db
      .selectFrom('notification')
      .select(['user_id', 'object_id', 'type', 'msg_type', 'is_read', 'content'])
      .where(column, '=', value as never)
      .where('type', '=', 1)
      .orderBy('id')
      .execute();
    return rows.map((r): Entry => ({
      user_id: Number(r.user_id),
      object_id: r.object_id,
      type: Number(r.type),
      msg_type: Number(r.msg_type),
      is_read: Number(r.is_read),
      content: JSON.parse(r.content) as Entry['content'],
    }));
  };
  return {
    db,
    app,
    call,
    must,
    async ask(as, title = uniqueText('title').slice(0, 60)) {
      const payload = { title, content: uniqueText('question'), tags: [{ slug_name: 'support' }] };
      const info = await must<QuestionInfo>({ method: 'POST', url: '/question', payload, as });
      return { id: info.id, title };
    },
    async answer(questionId, as) {
      const payload = { question_id: questionId, content: uniqueText('answer') };
      return (await must<AnswerWithQuestion>({ method: 'POST', url: '/answer', payload, as })).info.id;
    },
    async comment(objectId, as, text = uniqueText('comment').slice(0, 80), extra = {}) {
      const payload = { object_id: objectId, original_text: text, ...extra };
      return (await must<{ comment_id: string }>({ method: 'POST', url: '/comment', payload, as })).comment_id;
    },
    entries: (objectId) => read('object_id', objectId),
    inbox: (person) => read('user_id', PEOPLE[person].id),
    cleanup: () => site.close(),
  };
}

/** The place an entry links to: `{question, answer?, comment?}` and the most specific of them as its object. */
export function place(question: { id: string; title: string }, answerId?: string, commentId?: string) {
  const map: Record<string, string> = { question: question.id };
  if (answerId) map.answer = answerId;
  if (commentId) map.comment = commentId;
  const [id, type] = commentId ? [commentId, 'comment'] : answerId ? [answerId, 'answer'] : [question.id, 'question'];
  return { id, type, title: question.title, map };
}

/** The exact row an event should write: unread inbox entry, msg_type posts unless given. */
export function expected(
  to: Person,
  by: Person,
  action: string,
  at: ReturnType<typeof place>,
  options: { reason?: string; msgType?: number } = {},
): Entry {
  return {
    user_id: PEOPLE[to].id,
    object_id: at.id,
    type: 1,
    msg_type: options.msgType ?? 1,
    is_read: 1,
    content: {
      trigger_user_id: String(PEOPLE[by].id),
      notification_action: action,
      rank: 0,
      ...(options.reason ? { reason: options.reason } : {}),
      object_info: { title: at.title, object_id: at.id, object_type: at.type, object_map: at.map },
    },
  };
}
