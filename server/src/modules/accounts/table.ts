import type { Insertable, Selectable } from 'kysely';
import type { AccountTokenTable, UserNotificationConfigTable } from '../../db/schema';

/** Row types of the tables accounts owns: user, session, account_token and the user's notification settings. */
export type { AccountTokenRow, NewUserRow, SessionRow, UserRow, UserUpdate } from '../../db/schema';
export type NewAccountTokenRow = Insertable<AccountTokenTable>;
export type UserNotificationConfigRow = Selectable<UserNotificationConfigTable>;
export type NewUserNotificationConfigRow = Insertable<UserNotificationConfigTable>;

/** user.status values (deleted and suspended accounts keep their row). */
export const USER_STATUS = { available: 1, suspended: 9, deleted: 10 } as const;
/** user.mail_status values. */
export const MAIL_STATUS = { verified: 1, toBeVerified: 2 } as const;
/** Role ids. */
export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
