import type { BadgeAwardPopup, NotificationItem, NotificationUser } from '@agora/shared-api/contract';
import { seconds } from '../../lib/time';
import { apiStatus, avatarUrl } from '../accounts/mapping';
import { USER_STATUS } from '../accounts/table';
import { REPUTATION_ACTION } from './achievements';
import { parseContent, type StoredContent } from './content';
import { NOTIFICATION } from './inbox';

/** Translates an i18n key into the reader's language. */
export type Translate = (key: string) => string;

/** A stored entry as the lists read it. */
export interface EntryRow {
  id: number | string;
  content: string;
  msg_type: number;
  is_read: number;
  updated_at: number | string;
}

/** A user an entry may name. */
export interface EntryUserRow {
  id: number;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: number;
  mail_status: number;
}

/** The user who caused an entry, if any (0: the site itself). */
export function triggerOf(content: StoredContent): number {
  const id = Number(content.trigger_user_id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** A deleted (or purged) account shows as the site's system user: no name, no link, no avatar. */
function systemUser(id: number, t: Translate): NotificationUser {
  return {
    id: String(id),
    username: '',
    display_name: t('notification.system_user'),
    avatar: '',
    rank: 0,
    status: 'deleted',
  };
}

function userInfo(id: number, users: Map<number, EntryUserRow>, t: Translate): NotificationUser {
  const user = users.get(id);
  if (!user || Number(user.status) === USER_STATUS.deleted) return systemUser(id, t);
  return {
    id: String(user.id),
    username: user.username,
    display_name: user.display_name,
    avatar: avatarUrl(user.avatar),
    rank: Number(user.rank),
    status: apiStatus(user),
  };
}

/** The action key of an entry (achievements of reputation written before the key existed read as such). */
function actionKey(content: StoredContent, type: number): string {
  if (content.notification_action === '' && type === NOTIFICATION.type.achievement) return REPUTATION_ACTION;
  return content.notification_action;
}

/** How many up and down votes a votes entry stands for (a single-vote entry without counts: its action). */
function voteCounts(content: StoredContent): { vote_up_count: number; vote_down_count: number } {
  const up = content.notification_action.startsWith('up_voted_') ? 1 : 0;
  return {
    vote_up_count: content.vote_up_count ?? up,
    vote_down_count: content.vote_down_count ?? (content.vote_up_count === undefined ? 1 - up : 0),
  };
}

/** A stored reason in the reader's language: its key, or a reason's key whose name is under `.name`. */
function reasonText(key: string, t: Translate): string {
  const direct = t(key);
  if (direct !== key) return direct;
  const name = t(`${key}.name`);
  return name === `${key}.name` ? key : name;
}

/** An entry on the wire, in the reader's language; ids are shortened later by the short-ids plugin. */
export function toItem(row: EntryRow, type: number, users: Map<number, EntryUserRow>, t: Translate): NotificationItem {
  const content = parseContent(row.content);
  const key = actionKey(content, type);
  const trigger = triggerOf(content);
  const info = content.object_info;
  const item: NotificationItem = {
    id: String(row.id),
    object_info: {
      ...info,
      // A badge's name is stored as its i18n key.
      title: info.object_type === 'badge' ? t(info.title) : info.title,
    },
    rank: content.rank,
    notification_action_key: key,
    notification_action: key ? t(`notification.action.${key}`) : '',
    is_read: Number(row.is_read) === NOTIFICATION.read,
    update_time: seconds(row.updated_at),
  };
  if (trigger !== 0) item.user_info = userInfo(trigger, users, t);
  if (type === NOTIFICATION.type.inbox && Number(row.msg_type) === NOTIFICATION.msgType.votes)
    Object.assign(item, voteCounts(content));
  if (content.reason) item.reason = reasonText(content.reason, t);
  return item;
}

/** A badge award entry as the header pops it, or null when the entry is not one. */
export function toBadgeAward(row: { id: number | string; content: string }, t: Translate): BadgeAwardPopup | null {
  const content = parseContent(row.content);
  if (content.notification_action !== 'earned_badge' || !content.badge_award) return null;
  const award = content.badge_award;
  return {
    notification_id: String(row.id),
    badge_id: award.badge_id || content.object_info.object_map.badge_id || content.object_info.object_id,
    name: t(content.object_info.title),
    icon: award.icon,
    level: award.level,
  };
}
