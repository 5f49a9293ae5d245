import type { NotificationStatus } from '@agora/shared-api/contract';
import type { Session } from '../session/store';

/**
 * Unread counters for the header's red dots and the review badge. The notifications and review
 * features implement it; until they exist there is nothing unread and nothing to review.
 */
export interface NotificationCounter {
  status(session: Session): Promise<NotificationStatus>;
}

export const noNotifications: NotificationCounter = {
  status: async (session) => ({
    inbox: 0,
    achievement: 0,
    revision: 0,
    // Staff may always review; reputation-based review rights come with privileges.
    can_revision: session.roleId === 2 || session.roleId === 3,
    badge_award: null,
  }),
};
