import type { NotificationStatus } from '@agora/shared-api/contract';
import type { Session } from '../session/store';

/** The review badge of a viewer: pending tasks they may act on, and whether they may review at all. */
export interface ReviewBadge {
  revision: number;
  can_revision: boolean;
}

/**
 * Unread counters for the header's red dots, with the review badge the route counted (reviewing
 * module). The notifications feature implements it; until it exists nothing is unread.
 */
export interface NotificationCounter {
  status(session: Session, review: ReviewBadge): Promise<NotificationStatus>;
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
