import type { Insertable } from 'kysely';
import type { NotificationTable } from '../../db/schema';

export type VotableType = 'question' | 'answer' | 'comment';
export type Direction = 'up' | 'down';
export type NewNotificationRow = Insertable<NotificationTable>;

/** user.status of a deleted account. */
export const DELETED_USER = 10;
/** notification.type: 1 inbox, 2 achievement (reputation changes). */
export const NOTIFICATION_TYPE = { inbox: 1, achievement: 2 } as const;
