import { notificationTargetPath, paths } from '@agora/shared-api';
import type { NotificationItem } from '@agora/shared-api/contract';
import { RelativeTime, UserAvatar } from '@agora/shared-ui';
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

export interface EntryProps {
  item: NotificationItem;
  /** Called when the member opens the entry (its link), before the browser goes there. */
  onOpen(item: NotificationItem): void;
}

/** The entry's link: the exact answer, comment or badge it is about (plain text when it leads nowhere). */
function targetLink(item: NotificationItem, onOpen: EntryProps['onOpen']): ReactElement {
  const to = notificationTargetPath(item.object_info.object_map);
  if (!to) return <span className="notif-entry__post" />;
  return <Link className="notif-entry__post" to={to} onClick={() => onOpen(item)} />;
}

/** '3 upvotes and 1 downvote' (either part alone when the other is 0). */
function useVotesText(up: number, down: number): string {
  const { t } = useTranslation(NAMESPACE);
  const upText = t('notifications.votes.up', { count: up });
  const downText = t('notifications.votes.down', { count: down });
  if (up > 0 && down > 0) return t('notifications.votes.both', { up: upText, down: downText });
  return up > 0 ? upText : downText;
}

/** Who did what on which post: grouped votes, or the action by its author, with a moderator's reason. */
function InboxSentence({ item, onOpen }: EntryProps) {
  const { t } = useTranslation(NAMESPACE);
  const up = item.vote_up_count ?? 0;
  const down = item.vote_down_count ?? 0;
  const votes = useVotesText(up, down);
  const post = targetLink(item, onOpen);
  const title = item.object_info.title;
  const user = item.user_info;
  if (up + down > 0) {
    return <Trans t={t} i18nKey="notifications.entry.votes" values={{ votes, title }} components={{ post }} />;
  }
  if (!user) {
    return (
      <Trans
        t={t}
        i18nKey="notifications.entry.plain"
        values={{ action: item.notification_action, title }}
        components={{ post }}
      />
    );
  }
  return (
    <Trans
      t={t}
      i18nKey="notifications.entry.by"
      values={{ name: user.display_name || user.username, action: item.notification_action, title }}
      components={{ who: <Link className="notif-entry__who" to={paths.user(user.username)} />, post }}
    />
  );
}

/** Points gained or lost, with their sign in the text (+10, -2), not told by colour alone. */
function Points({ rank }: { rank: number }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const value = new Intl.NumberFormat(i18n.language.replace('_', '-'), { signDisplay: 'exceptZero' }).format(rank);
  const gained = rank > 0;
  return (
    <span className={`notif-points ${gained ? 'notif-points--gained' : 'notif-points--lost'}`}>
      <span className="agora-visually-hidden">
        {t(gained ? 'notifications.points_gained' : 'notifications.points_lost')}{' '}
      </span>
      {t('notifications.points', { count: Math.abs(rank), value })}
    </span>
  );
}

/** An achievement: a badge award leading to the badge, or the points of one post on one day. */
function AchievementSentence({ item, onOpen }: EntryProps) {
  const { t } = useTranslation(NAMESPACE);
  const post = targetLink(item, onOpen);
  if (item.object_info.object_map.badge_id) {
    return (
      <Trans
        t={t}
        i18nKey="notifications.entry.badge"
        values={{ name: item.object_info.title }}
        components={{ badge: post }}
      />
    );
  }
  return (
    <>
      {item.rank !== 0 && <Points rank={item.rank} />}{' '}
      <Trans
        t={t}
        i18nKey="notifications.entry.plain"
        values={{ action: item.notification_action, title: item.object_info.title }}
        components={{ post }}
      />
    </>
  );
}

/** One entry of a list; unread entries say so in words (and are styled so). */
export function NotificationEntry({ item, onOpen, kind }: EntryProps & { kind: 'inbox' | 'achievement' }) {
  const { t } = useTranslation(NAMESPACE);
  const user = item.user_info;
  return (
    <li className={`notif-entry${item.is_read ? '' : ' notif-entry--unread'}`}>
      {kind === 'inbox' && user && (
        <UserAvatar avatar={user.avatar} name={user.display_name || user.username} size={32} />
      )}
      <div className="notif-entry__body">
        <p className="notif-entry__text">
          {!item.is_read && <span className="notif-entry__unread">{t('notifications.unread')}</span>}
          {kind === 'inbox' ? (
            <InboxSentence item={item} onOpen={onOpen} />
          ) : (
            <AchievementSentence item={item} onOpen={onOpen} />
          )}
        </p>
        {item.reason && (
          <p className="notif-entry__reason">{t('notifications.entry.reason', { reason: item.reason })}</p>
        )}
        <RelativeTime className="notif-entry__time" time={item.update_time} />
      </div>
    </li>
  );
}
