/** The notification lists' own bookkeeping (the entries themselves are `notification`, in services.ts). */

/** When a member last opened a list: type 1 inbox, 2 achievement; one row per member and type. */
export interface NotificationSeenTable {
  user_id: number;
  type: number;
  /** Unix ms. */
  seen_at: number;
}
