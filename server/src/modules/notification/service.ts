import type {
  InboxType,
  NotificationPage,
  NotificationPageQuery,
  NotificationStatus,
  NotificationType,
} from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import type { Session } from '../session/store';
import { NOTIFICATION } from './inbox';
import * as repo from './list-repository';
import { toBadgeAward, toItem, triggerOf, type EntryUserRow, type Translate } from './view';
import { parseContent } from './content';

export type { Translate } from './view';

/** The review badge of a viewer: pending tasks they may act on, and whether they may review at all. */
export interface ReviewBadge {
  revision: number;
  can_revision: boolean;
}

/**
 * Unread counters for the header's red dots, with the review badge the route counted (reviewing
 * module). Install mode (no database) answers with `noNotifications`.
 */
export interface NotificationCounter {
  status(session: Session, review: ReviewBadge, t?: Translate): Promise<NotificationStatus>;
}

export const noNotifications: NotificationCounter = {
  status: async (_session, review) => ({
    inbox: 0,
    achievement: 0,
    revision: review.revision,
    can_revision: review.can_revision,
    badge_award: null,
  }),
};

const DEFAULT_PAGE_SIZE = 10;
const TYPE_CODE: Record<NotificationType, number> = {
  inbox: NOTIFICATION.type.inbox,
  achievement: NOTIFICATION.type.achievement,
};
const MSG_TYPE: Record<InboxType, number | null> = {
  all: null,
  posts: NOTIFICATION.msgType.posts,
  votes: NOTIFICATION.msgType.votes,
  invites: NOTIFICATION.msgType.invites,
};
const keep: Translate = (key) => key;

export const notificationNotFound = () => ApiFailure.notFound('error.notification.not_found');

/**
 * A member's notifications: the inbox and achievement lists, read marks, and the unread dots, which
 * count the unread entries changed since the member last opened each list (that time is kept in the
 * database, so every server process of the site agrees).
 */
export class NotificationService implements NotificationCounter {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async status(session: Session, review: ReviewBadge, t: Translate = keep): Promise<NotificationStatus> {
    const userId = Number(session.userId);
    const seen = await repo.selectSeen(this.#db, userId);
    const unread = (type: number) => repo.countUnreadSince(this.#db, userId, type, seen.get(type) ?? 0);
    const [inbox, achievement, award] = await Promise.all([
      unread(NOTIFICATION.type.inbox),
      unread(NOTIFICATION.type.achievement),
      repo.selectOldestUnreadAward(this.#db, userId),
    ]);
    return {
      inbox,
      achievement,
      revision: review.revision,
      can_revision: review.can_revision,
      badge_award: award ? toBadgeAward(award, t) : null,
    };
  }

  /** One page of the member's list, newest change first, in the reader's language. */
  async page(userId: number, query: NotificationPageQuery, t: Translate): Promise<NotificationPage> {
    const type = TYPE_CODE[query.type];
    const msgType = query.type === 'inbox' ? MSG_TYPE[query.inbox_type ?? 'all'] : null;
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const offset = ((query.page ?? 1) - 1) * size;
    const [count, rows] = await Promise.all([
      repo.countEntries(this.#db, userId, type, msgType),
      repo.selectEntryPage(this.#db, userId, type, msgType, { offset, limit: size }),
    ]);
    const triggers = [...new Set(rows.map((r) => triggerOf(parseContent(r.content))).filter((id) => id > 0))];
    const users = new Map<number, EntryUserRow>(
      (await repo.selectUsers(this.#db, triggers)).map((u) => [Number(u.id), u]),
    );
    return { count, list: rows.map((row) => toItem(row, type, users, t)) };
  }

  /** Marks one of the member's own entries read; anyone else's, or an unknown id, is a 404. */
  async read(userId: number, id: string): Promise<void> {
    const n = Number(id);
    if (!/^\d{1,15}$/.test(id) || !(await repo.markRead(this.#db, userId, n))) throw notificationNotFound();
  }

  /** Marks every entry of the member's list read. */
  async readAll(userId: number, type: NotificationType): Promise<void> {
    await repo.markAllRead(this.#db, userId, TYPE_CODE[type]);
  }

  /** Records that the member opened the list now: its dot counts only later changes. */
  async open(userId: number, type: NotificationType): Promise<void> {
    await repo.upsertSeen(this.#db, userId, TYPE_CODE[type], this.#now());
  }
}
