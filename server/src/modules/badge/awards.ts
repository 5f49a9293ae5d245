import type { Kysely, Transaction } from 'kysely';
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
  /** An activity row was written (asked, answered, edited, voted, accepted, reputation moved). */
  | { kind: 'activity'; userId: number; typeId: number }
  /** A question's or answer's score changed. */
  | { kind: 'score'; type: 'question' | 'answer'; objectId: string }
  /** A question was viewed (its view_count counted). */
  | { kind: 'views'; questionId: string }
  /** The member flagged a post, bookmarked a question, changed their profile, or a visit day counted. */
  | { kind: 'flag' | 'bookmark' | 'profile' | 'visit'; userId: number };

/** Activity keys (config) and the rules they feed, besides reputation, which every activity feeds. */
const ACTIVITY_RULES: Record<string, BadgeHandler[]> = {
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

/** One rule's measure for one member: the value compared with each badge's threshold. */
interface Measure {
  handler: BadgeHandler;
  userId: number;
  /** The post a per-post badge is earned on ('' for member-wide badges). */
  postId: string;
  value: number;
}

type Db = Kysely<DB> | Transaction<DB>;

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

async function measures(db: Db, event: BadgeEvent): Promise<Measure[]> {
  const member = (handler: BadgeHandler, userId: number, value = 1): Measure => ({
    handler,
    userId,
    postId: '',
    value,
  });
  switch (event.kind) {
    case 'activity': {
      const key = await repo.configKey(db, event.typeId);
      const user = await repo.userFacts(db, event.userId);
      if (!user) return [];
      const out = [member('reputation', event.userId, Number(user.rank))];
      for (const handler of ACTIVITY_RULES[key ?? ''] ?? []) {
        const value =
          handler === 'accepted_answers' ? await repo.countActivityObjects(db, event.userId, event.typeId) : 1;
        out.push(member(handler, event.userId, value));
      }
      return out;
    }
    case 'score': {
      const post = await repo.postScore(db, event.type, event.objectId);
      if (!post) return [];
      const handler = event.type === 'question' ? 'question_score' : 'answer_score';
      return [{ handler, userId: Number(post.user_id), postId: event.objectId, value: Number(post.value) }];
    }
    case 'views': {
      const post = await repo.questionViews(db, event.questionId);
      if (!post) return [];
      return [
        {
          handler: 'question_views',
          userId: Number(post.user_id),
          postId: event.questionId,
          value: Number(post.value),
        },
      ];
    }
    case 'flag':
      return [member('first_flag', event.userId)];
    case 'bookmark':
      return [member('first_bookmark', event.userId)];
    case 'profile': {
      const user = await repo.userFacts(db, event.userId);
      return user && profileComplete(user) ? [member('profile_completed', event.userId)] : [];
    }
    case 'visit': {
      const user = await repo.userFacts(db, event.userId);
      return user ? [member('visit_streak', event.userId, Number(user.visit_streak))] : [];
    }
  }
}

interface Candidate {
  badge: BadgeRow;
  userId: number;
  key: string;
}

/** The active badges the measures reach that the members do not hold yet. */
async function candidates(db: Db, list: Measure[]): Promise<Candidate[]> {
  const badges = await repo.activeBadges(db, [...new Set(list.map((m) => m.handler))]);
  const out: Candidate[] = [];
  for (const m of list) {
    for (const badge of badges) {
      if (badge.handler !== m.handler || m.value < thresholdOf(badge)) continue;
      const key = Number(badge.single) === BADGE_SINGLE.post ? m.postId : '';
      if (!(await repo.hasAward(db, m.userId, badge.id, key))) out.push({ badge, userId: m.userId, key });
    }
  }
  return out;
}

/**
 * Writes one award with its notification. The badge row is locked first, so awards of one badge
 * queue; the unique index then lets exactly one of two racing requests write the row, and only that
 * one moves award_count (when it is the member's first award of the badge) and notifies.
 */
async function award(trx: Transaction<DB>, c: Candidate, now: number): Promise<void> {
  const user = await repo.userFacts(trx, c.userId);
  if (!user || Number(user.status) === DELETED_USER) return;
  await repo.lockBadge(trx, c.badge.id);
  if (await repo.hasAward(trx, c.userId, c.badge.id, c.key)) return;
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
  if ((await repo.countUserAwards(trx, c.userId, c.badge.id)) === 1) await repo.bumpAwardCount(trx, c.badge.id);
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
export async function awardBadges(db: Db, event: BadgeEvent, now: number = Date.now()): Promise<void> {
  if (db.isTransaction) {
    const trx = db as Transaction<DB>;
    for (const c of await candidates(trx, await measures(trx, event))) await award(trx, c, now);
    return;
  }
  if ((await candidates(db, await measures(db, event))).length === 0) return;
  await writeTransaction(db as Kysely<DB>, async (trx) => {
    for (const c of await candidates(trx, await measures(trx, event))) await award(trx, c, now);
  });
}

/** The hook of the reputation module: an activity of `typeId` (a config row id) was written for `userId`. */
export function badgesAfterActivity(trx: Transaction<DB>, userId: number, typeId: number, now: number): Promise<void> {
  return awardBadges(trx, { kind: 'activity', userId, typeId }, now);
}
