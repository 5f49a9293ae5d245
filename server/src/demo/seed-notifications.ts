import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { DAY } from './plan';
import { insertAll } from './seed-db';
import type { WriteContext } from './seed-context';

/** Writes the notifications gathered so far (called after each chunk, so few are held in memory). */
export async function flushNotifications(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const drafts = ctx.notifications;
  ctx.notifications = [];
  const recent = plan.now - 7 * DAY;
  ctx.notificationCount += drafts.length;
  for (let from = 0; from < drafts.length; from += 2_000) {
    const chunk = drafts.slice(from, from + 2_000);
    await ctx.seq.notification.ensure(ctx.trx, chunk.length);
    const rows: Insertable<DB['notification']>[] = chunk.map((n) => ({
      id: ctx.seq.notification.take(),
      user_id: ctx.userId(n.user),
      object_id: n.objectId,
      content: JSON.stringify({
        trigger_user_id: n.trigger === null ? '' : String(ctx.userId(n.trigger)),
        notification_action: n.action,
        rank: n.rank,
        object_info: { title: n.title, object_id: n.objectId, object_type: n.objectType, object_map: n.map },
      }),
      type: n.type,
      msg_type: n.msgType,
      is_read: n.updated < recent ? 2 : 1,
      status: 1,
      created_at: n.created,
      updated_at: n.updated,
      // Sample entries are not mailed.
      mail_state: 'done',
    }));
    await insertAll(ctx.trx, 'notification', rows);
  }
}

/** Answer's default at registration: inbox notifications by e-mail. */
export async function writeNotificationConfigs(ctx: WriteContext): Promise<void> {
  const users = ctx.plan.users.filter((u) => !ctx.env.usersWithInboxConfig.has(u.id));
  await ctx.seq.user_notification_config.ensure(ctx.trx, users.length);
  const rows: Insertable<DB['user_notification_config']>[] = users.map((u) => ({
    id: ctx.seq.user_notification_config.take(),
    user_id: u.id,
    source: 'inbox',
    channels: JSON.stringify([{ key: 'email', enable: true }]),
    enabled: 1,
    created_at: u.created,
    updated_at: u.created,
  }));
  await insertAll(ctx.trx, 'user_notification_config', rows);
}
