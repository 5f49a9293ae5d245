import type { Selectable } from 'kysely';
import type { BadgeTable } from '../../db/schema';

/** badge.status values. */
export const BADGE_STATUS = { active: 1, inactive: 11 } as const;
/** badge.single values: once per member, once per post. */
export const BADGE_SINGLE = { member: 1, post: 2 } as const;

export type BadgeRow = Selectable<BadgeTable>;

/** The rules badges are awarded by (badge.handler). */
export type BadgeHandler =
  | 'first_question'
  | 'first_answer'
  | 'first_accepted'
  | 'first_edit'
  | 'first_flag'
  | 'first_vote'
  | 'first_bookmark'
  | 'profile_completed'
  | 'reputation'
  | 'visit_streak'
  | 'accepted_answers'
  | 'question_score'
  | 'answer_score'
  | 'question_views';

/** A badge's threshold from its `param` JSON (1 when missing or unreadable). */
export function thresholdOf(badge: Pick<BadgeRow, 'param'>): number {
  try {
    const parsed = JSON.parse(badge.param) as { threshold?: unknown };
    const n = Number(parsed.threshold);
    return Number.isFinite(n) && n > 0 ? n : 1;
  } catch {
    return 1;
  }
}
