import type { DialectAdapter, Kysely, Transaction } from 'kysely';
import { newObjectId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { notifyBadgeAward } from '../notification/badge-notice';
import * as repo from './repository';
import { BADGE_SINGLE, thresholdOf, type BadgeHandler, type BadgeRow } from './table';

/**
 * Awarding badges (README.md in this folder). Modules call `awardBadges` when something happens that a
 * rule counts, inside that change's transaction where they have one; nothing scans periodically. This
 * file imports no module that calls it, so the hooks stay one-way.
 */

/** What happened. */
export type BadgeEvent =
  /**
   * An activity row was written (asked, answered, edited, voted, accepted, reputation moved); `rank`: the
   * member's reputation after it when it went up (only then can a reputation badge be newly earned).
   */
  | { kind: 'activity'; userId: number; typeId: number; rank?: number }
  /** A question's or answer's score changed. */
  | { kind: 'score'; type: 'question' | 'answer'; objectId: string }
  /** A question was viewed (its view_count counted). */
  | { kind: 'views'; questionId: string }
  /** The member flagged a post, bookmarked a question, changed their profile, or a visit day counted. */
  | { kind: 'flag' | 'bookmark' | 'profile' | 'visit'; userId: number }
  /** A member's history, read back (backfill.ts): each rule's value as it stands now. */
  | { kind: 'history'; userId: number; handlers: BadgeHandler[]; value(handler: BadgeHandler): Promise<number> };

/** Activity keys (config) and the rules they feed, besides reputation, which every activity feeds. */
export const ACTIVITY_RULES: Record<string, BadgeHandler[]> = {
  'question.asked': ['first_question'],
  'answer.answered': ['first_answer'],
  'question.edited': ['first_edit'],
  'answer.edited': ['first_edit'],
  'tag.edited': ['first_edit'],
  'edit.accepted': ['first_edit'],
  'question.vote_up': ['first_vote'],
  'question.vote_down': ['first_vote'],
  'answer.vote_up': ['first_vote'],
  'answer.vote_down': ['first_vote'],
  'comment.vote_up': ['first_vote'],
  'answer.accepted': ['first_accepted', 'accepted_answers'],
};

const DELETED_USER = 10;

/** Whom an event concerns, which rules it feeds, and each rule's value (read only when needed). */
interface Target {
  handlers: BadgeHandler[];
  userId: number;
  /** The post a per-post badge is earned on ('' for member-wide badges). */
  postId: string;
  value(handler: BadgeHandler): Promise<number>;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Config row ids never change once written (activity rows point at them): their keys are kept, per
 * database (a transaction shares its database's adapter).
 */
const ACTIVITY_KEYS = new WeakMap<DialectAdapter, Map<number, string>>();
async function activityKey(db: Db, typeId: number): Promise<string> {
  const adapter = db.getExecutor().adapter;
  let keys = ACTIVITY_KEYS.get(adapter);
  if (!keys) ACTIVITY_KEYS.set(adapter, (keys = new Map()));
  let key = keys.get(typeId);
  if (key === undefined) {
    key = (await repo.configKey(db, typeId)) ?? '';
    if (key) keys.set(typeId, key);
  }
  return key;
}

/** Whether the profile is complete: display name, bio, website, location and a chosen picture. */
export function profileComplete(user: {
  display_name: string;
  bio: string;
  website: string;
  location: string;
  avatar: string;
}): boolean {
  const filled = (s: string) => s.trim() !== '';
  return (
    filled(user.display_name) &&
    filled(user.bio) &&
    filled(user.website) &&
    filled(user.location) &&
    hasAvatar(user.avatar)
  );
}

/** A custom picture or Gravatar (the default letter avatar does not count). */
function hasAvatar(stored: string): boolean {
  if (stored.trim() === '') return false;
  try {
    const parsed = JSON.parse(stored) as { type?: unknown; custom?: unknown };
    if (parsed.type === 'gravatar') return true;
    return parsed.type === 'custom' && typeof parsed.custom === 'string' && parsed.custom.trim() !== '';
  } catch {
    return true;
  }
}

async function target(db: Db, event: BadgeEvent): Promise<Target | null> {
  const one = async () => 1;
  const member = (userId: number, handlers: BadgeHandler[], value: Target['value'] = one): Target => ({
    handlers,
    userId,
    postId: '',
    value,
  });
  switch (event.kind) {
    case 'activity': {
      const rules = ACTIVITY_RULES[await activityKey(db, event.typeId)] ?? [];
      const handlers: BadgeHandler[] = event.rank === undefined ? rules : ['reputation', ...rules];
      return member(event.userId, handlers, async (handler) => {
        if (handler === 'reputation') return event.rank ?? 0;
        if (handler === 'accepted_answers') return repo.countActivityObjects(db, event.userId, event.typeId);
        return 1;
      });
    }
    case 'score': {
      const post = await repo.postScore(db, event.type, event.objectId);
      if (!post) return null;
      const handler = event.type === 'question' ? 'question_score' : 'answer_score';
      return {
        handlers: [handler],
        userId: Number(post.user_id),
        postId: event.objectId,
        value: async () => Number(post.value),
      };
    }
    case 'views': {
      const post = await repo.questionViews(db, event.questionId);
      if (!post) return null;
      const value = async () => Number(post.value);
      return { handlers: ['question_views'], userId: Number(post.user_id), postId: event.questionId, value };
    }
    case 'flag':
      return member(event.userId, ['first_flag']);
    case 'bookmark':
      return member(event.userId, ['first_bookmark']);
    case 'profile':
      return member(event.userId, ['profile_completed'], async () => {
        const user = await repo.userFacts(db, event.userId);
        return user && profileComplete(user) ? 1 : 0;
      });
    case 'visit':
      return member(event.userId, ['visit_streak'], async () =>
        Number((await repo.userFacts(db, event.userId))?.visit_streak ?? 0),
      );
    case 'history':
      return member(event.userId, event.handlers, event.value);
  }
}

interface Candidate {
  badge: BadgeRow;
  userId: number;
  key: string;
}

/** The active badges the event reaches that the member does not hold yet (of `only`, when given). */
async function candidates(db: Db, event: BadgeEvent, only?: ReadonlySet<string>): Promise<Candidate[]> {
  const t = await target(db, event);
  if (!t || t.handlers.length === 0) return [];
  const out: Candidate[] = [];
  const values = new Map<BadgeHandler, number>();
  for (const badge of await repo.pendingBadges(db, t.handlers, t.userId, t.postId)) {
    if (only && !only.has(badge.id)) continue;
    const handler = badge.handler as BadgeHandler;
    if (!values.has(handler)) values.set(handler, await t.value(handler));
    if (values.get(handler)! >= thresholdOf(badge)) out.push({ badge, userId: t.userId, key: t.postId });
  }
  return out;
}

/**
 * Writes one award with its notification. The unique index lets exactly one of two racing requests
 * write the row (the other's insert does nothing), and only that one moves award_count and notifies.
 * award_count counts members: a per-post badge locks its row first so that concurrent awards of it
 * queue and only a member's first award of it counts.
 */
async function award(trx: Transaction<DB>, c: Candidate, now: number): Promise<void> {
  const user = await repo.userFacts(trx, c.userId);
  if (!user || Number(user.status) === DELETED_USER) return;
  const perPost = Number(c.badge.single) === BADGE_SINGLE.post;
  // Per-post awards of one badge queue, so each counts the member only on their first.
  if (perPost) await repo.lockBadge(trx, c.badge.id);
  const id = await newObjectId(trx, 'badge_award');
  const inserted = await repo.insertAward(trx, {
    id,
    user_id: c.userId,
    badge_id: c.badge.id,
    award_key: c.key,
    badge_group_id: c.badge.badge_group_id,
    is_badge_deleted: 0,
    created_at: now,
  });
  if (!inserted) return;
  if (!perPost || (await repo.countUserAwards(trx, c.userId, c.badge.id)) === 1)
    await repo.bumpAwardCount(trx, c.badge.id);
  await notifyBadgeAward(trx, {
    userId: c.userId,
    awardId: id,
    badgeId: c.badge.id,
    badgeName: c.badge.name,
    icon: c.badge.icon,
    level: Number(c.badge.level),
    now,
  });
}

/**
 * Awards every active badge `event` earns. Inside a transaction it writes there (the awards commit
 * with the change); otherwise it reads first and opens a short transaction only when there is
 * something to award.
 */
export async function awardBadges(
  db: Db,
  event: BadgeEvent,
  now: number = Date.now(),
  only?: ReadonlySet<string>,
): Promise<void> {
  if (db.isTransaction) {
    const trx = db as Transaction<DB>;
    for (const c of await candidates(trx, event, only)) await award(trx, c, now);
    return;
  }
  if ((await candidates(db, event, only)).length === 0) return;
  await writeTransaction(db as Kysely<DB>, async (trx) => {
    for (const c of await candidates(trx, event, only)) await award(trx, c, now);
  });
}

/**
 * The hook of the reputation module: an activity of `typeId` (a config row id) was written for `userId`;
 * `rank`: their reputation after it, when it went up.
 */
export function badgesAfterActivity(
  trx: Transaction<DB>,
  userId: number,
  typeId: number,
  now: number,
  rank?: number,
): Promise<void> {
  return awardBadges(trx, { kind: 'activity', userId, typeId, ...(rank === undefined ? {} : { rank }) }, now);
}
