import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { insertNotification } from './repository';

/** What a new badge award tells its member. */
export interface BadgeNotice {
  userId: number;
  awardId: string;
  badgeId: string;
  /** The badge name's i18n key (translated when read). */
  badgeName: string;
  icon: string;
  level: number;
  now: number;
}

/**
 * Writes the achievement entry of a new badge award, in the caller's transaction (the award and its
 * entry commit together): type 2 (achievement), msg_type 1, unread, status 1, object_id the award id,
 * and the badge in `object_info` and `badge_award` (what notification/status shows as a pop-up).
 */
export async function notifyBadgeAward(trx: Transaction<DB>, notice: BadgeNotice): Promise<number> {
  return insertNotification(trx, {
    user_id: notice.userId,
    object_id: notice.awardId,
    content: JSON.stringify({
      trigger_user_id: '0',
      notification_action: 'earned_badge',
      rank: 0,
      object_info: {
        title: notice.badgeName,
        object_id: notice.badgeId,
        object_type: 'badge',
        object_map: { badge_id: notice.badgeId },
      },
      badge_award: { badge_id: notice.badgeId, award_id: notice.awardId, icon: notice.icon, level: notice.level },
    }),
    type: 2,
    msg_type: 1,
    is_read: 1,
    status: 1,
    created_at: notice.now,
    updated_at: notice.now,
  });
}
