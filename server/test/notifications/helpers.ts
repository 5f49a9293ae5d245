import type { NotificationItem, NotificationPage, NotificationStatus, VoteResp } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import { writeTransaction } from '../../src/db/transaction';
import { notifyInbox, type InboxNotice } from '../../src/modules/notification/inbox';
import { insertNotification } from '../../src/modules/notification/repository';
import type { TestDatabase } from '../db/databases';
import { NOW, useVoteSite, type Envelope, type VoteSite } from '../vote/helpers';

export { NOW };
const API = '/answer/api/v1';

type Lang = 'en-US' | 'zh-CN';
export type Reply<T> = { status: number; body: Envelope<T> };

/**
 * A site for the notification tests: the vote site (real database, members, posts, tokens `test-<id>`)
 * on a clock the test moves (`tick`), with the notification routes wrapped, and a second app on the
 * same database standing for another server process.
 */
export interface NotifySite extends VoteSite {
  /** Moves the clock on (default 1 s) and answers the new time. */
  tick(ms?: number): number;
  now(): number;
  page(userId: number | null, query: Record<string, string | number>, lang?: Lang): Promise<Reply<NotificationPage>>;
  /** The list's items (asserts 200). */
  items(userId: number, query: Record<string, string | number>, lang?: Lang): Promise<NotificationItem[]>;
  status(userId: number | null, app?: FastifyInstance): Promise<Reply<NotificationStatus>>;
  open(userId: number | null, type: string, app?: FastifyInstance): Promise<Reply<NotificationStatus>>;
  read(userId: number | null, id: string): Promise<Reply<null>>;
  readAll(userId: number | null, type: string): Promise<Reply<null>>;
  vote(userId: number, direction: 'up' | 'down', objectId: string, cancel?: boolean): Promise<Reply<VoteResp>>;
  /** Writes inbox entries through the product's writer, at the clock's time. */
  inbox(notices: Array<Omit<InboxNotice, 'now'>>): Promise<void>;
  /** Writes a badge award entry in the shape the badges feature writes; answers its id. */
  award(
    userId: number,
    award: { badgeId: string; awardId: string; nameKey: string; icon: string; level: number },
  ): Promise<number>;
  /** A second app (another process) on the same database. */
  other(): FastifyInstance;
}

/** The test's clock (Unix ms), moved on by `tick`. */
function testClock() {
  const clock = {
    now: NOW,
    tick(ms: number) {
      clock.now += ms;
      return clock.now;
    },
  };
  return clock;
}

export function useNotifySite(target: TestDatabase): NotifySite {
  const clock = testClock();
  const s = useVoteSite(target, () => clock.now);
  const apps: { other?: FastifyInstance } = {};
  beforeAll(async () => {
    const app = await s.secondApp();
    await app.ready();
    apps.other = app;
  });
  const headers = (userId: number | null, lang: Lang = 'en-US') => ({
    'accept-language': lang,
    ...(userId !== null ? { authorization: `test-${userId}` } : {}),
  });
  const inject = async <T>(app: FastifyInstance, options: InjectOptions) => {
    const res = await app.inject(options);
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const helpers = {
    tick: (ms = 1000) => clock.tick(ms),
    now: () => clock.now,
    page: (userId: number | null, query: Record<string, string | number>, lang?: Lang) =>
      inject<NotificationPage>(s.app, {
        method: 'GET',
        url: `${API}/notification/page`,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: headers(userId, lang),
      }),
    async items(userId: number, query: Record<string, string | number>, lang?: Lang) {
      const res = await helpers.page(userId, query, lang);
      if (res.status !== 200) throw new Error(`notification/page: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.list;
    },
    status: (userId: number | null, app = s.app) =>
      inject<NotificationStatus>(app, { method: 'GET', url: `${API}/notification/status`, headers: headers(userId) }),
    open: (userId: number | null, type: string, app = s.app) =>
      inject<NotificationStatus>(app, {
        method: 'PUT',
        url: `${API}/notification/status`,
        payload: { type },
        headers: headers(userId),
      }),
    read: (userId: number | null, id: string) =>
      inject<null>(s.app, {
        method: 'PUT',
        url: `${API}/notification/read/state`,
        payload: { id },
        headers: headers(userId),
      }),
    readAll: (userId: number | null, type: string) =>
      inject<null>(s.app, {
        method: 'PUT',
        url: `${API}/notification/read/state/all`,
        payload: { type },
        headers: headers(userId),
      }),
    vote: (userId: number, direction: 'up' | 'down', objectId: string, cancel = false) =>
      inject<VoteResp>(s.app, {
        method: 'POST',
        url: `${API}/vote/${direction}`,
        payload: { object_id: objectId, is_cancel: cancel },
        headers: headers(userId),
      }),
    async inbox(notices: Array<Omit<InboxNotice, 'now'>>) {
      await writeTransaction(s.db, (trx) =>
        notifyInbox(
          trx,
          notices.map((n) => ({ ...n, now: clock.now })),
        ),
      );
    },
    award(userId: number, a: { badgeId: string; awardId: string; nameKey: string; icon: string; level: number }) {
      const content = {
        trigger_user_id: '0',
        notification_action: 'earned_badge',
        rank: 0,
        object_info: {
          title: a.nameKey,
          object_id: a.badgeId,
          object_type: 'badge',
          object_map: { badge_id: a.badgeId },
        },
        badge_award: { badge_id: a.badgeId, award_id: a.awardId, icon: a.icon, level: a.level },
      };
      return writeTransaction(s.db, (trx) =>
        insertNotification(trx, {
          user_id: userId,
          object_id: a.awardId,
          content: JSON.stringify(content),
          type: 2,
          msg_type: 1,
          is_read: 1,
          status: 1,
          created_at: clock.now,
          updated_at: clock.now,
        }),
      );
    },
    other() {
      if (!apps.other) throw new Error('The second app is started in beforeAll.');
      return apps.other;
    },
  };
  return new Proxy({} as NotifySite, {
    get: (_, key) => (key in helpers ? helpers[key as keyof typeof helpers] : (Reflect.get(s, key) as unknown)),
  });
}

/** A question's notice object, as the product's writers describe it. */
export async function questionNotice(s: NotifySite, questionId: string) {
  const row = await s.db.selectFrom('question').select('title').where('id', '=', questionId).executeTakeFirstOrThrow();
  return { id: questionId, type: 'question' as const, title: row.title, map: { question: questionId } };
}
