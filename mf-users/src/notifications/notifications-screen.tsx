import {
  NOTIFICATION_PAGE_SIZE,
  notificationPageQuery,
  paths,
  useDocumentTitle,
  useOpenNotificationTab,
  useReadAllNotifications,
  useReadNotification,
} from '@agora/shared-api';
import type { InboxType, NotificationItem, NotificationType } from '@agora/shared-api/contract';
import { ListPlaceholder, Pagination, TimeZoneProvider } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import { NotificationEntry } from './notification-entry';
import '../common/page.css';
import './notifications.css';

const TYPES: readonly NotificationType[] = ['inbox', 'achievement'];
const INBOX_TYPES: readonly InboxType[] = ['all', 'posts', 'votes', 'invites'];

/** A list of links where the current one says so (aria-current), for the tabs and the inbox filters. */
function TabLinks<T extends string>(props: {
  label: string;
  items: readonly T[];
  current: T;
  href(item: T): string;
  text(item: T): string;
}) {
  return (
    <nav className="notif-tabs" aria-label={props.label}>
      <ul>
        {props.items.map((item) => (
          <li key={item}>
            <Link
              to={props.href(item)}
              className="notif-tabs__link"
              aria-current={item === props.current ? 'page' : undefined}
            >
              {props.text(item)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Records once per visit that the member opened a tab, so the header's dot for it clears at once. */
function useTabOpened(type: NotificationType) {
  const { mutate } = useOpenNotificationTab();
  const opened = useRef<NotificationType | null>(null);
  useEffect(() => {
    if (opened.current === type) return;
    opened.current = type;
    mutate(type);
  }, [type, mutate]);
}

function NotificationList({ type, inboxType, page }: { type: NotificationType; inboxType: InboxType; page: number }) {
  const { t } = useTranslation(NAMESPACE);
  const list = useQuery(notificationPageQuery(type, inboxType, page));
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const onOpen = (item: NotificationItem) => {
    if (!item.is_read) read.mutate(item.id);
  };

  if (list.isPending) return <ListPlaceholder rows={5} />;
  if (list.isError) {
    return (
      <div role="alert" className="notif-message">
        <p>{t('notifications.load_failed')}</p>
        <button type="button" className="notif-button" onClick={() => void list.refetch()}>
          {t('notifications.retry')}
        </button>
      </div>
    );
  }
  const { count, list: items } = list.data;
  if (items.length === 0) return <p className="notif-message people-muted">{t(`notifications.empty.${type}`)}</p>;

  const hrefFor = (n: number) => {
    const base = paths.notifications(type, type === 'inbox' ? inboxType : undefined);
    return n > 1 ? `${base}?page=${n}` : base;
  };
  return (
    <>
      <div className="notif-toolbar">
        <button
          type="button"
          className="notif-button"
          disabled={readAll.isPending || items.every((item) => item.is_read)}
          onClick={() => readAll.mutate(type)}
        >
          {t('notifications.mark_all_read')}
        </button>
        {readAll.isError && (
          <p role="alert" className="people-error">
            {t('notifications.mark_all_failed')}
          </p>
        )}
      </div>
      <ul className="notif-list">
        {items.map((item) => (
          <NotificationEntry key={item.id} item={item} kind={type} onOpen={onOpen} />
        ))}
      </ul>
      <Pagination page={page} pageSize={NOTIFICATION_PAGE_SIZE} total={count} hrefFor={hrefFor} />
    </>
  );
}

/**
 * /users/notifications/{inbox|achievement}[/{sub}]: the member's inbox (all, posts, votes, invitations) and
 * achievements (reputation per post and day, badge awards). Opening a tab clears its header dot.
 */
export default function NotificationsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { type: typeParam, subType } = useParams();
  const [params] = useSearchParams();
  const { timeZone } = useSite();
  const type = (TYPES.includes(typeParam as NotificationType) ? typeParam : 'inbox') as NotificationType;
  const inboxType = (subType ?? 'all') as InboxType;
  const known = typeParam === type && (type === 'inbox' ? INBOX_TYPES.includes(inboxType) : subType === undefined);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  useDocumentTitle(t('notifications.title'));
  useTabOpened(type);

  if (!known) return <Navigate to={paths.notifications(type)} replace />;

  return (
    <TimeZoneProvider timeZone={timeZone}>
      <div className="people-page notif-page">
        <h1 className="people-page__title">{t('notifications.title')}</h1>
        <TabLinks
          label={t('notifications.tabs_label')}
          items={TYPES}
          current={type}
          href={(item) => paths.notifications(item)}
          text={(item) => t(`notifications.tab.${item}`)}
        />
        <section className="notif-section" aria-label={t(`notifications.tab.${type}`)}>
          {type === 'inbox' && (
            <TabLinks
              label={t('notifications.filters_label')}
              items={INBOX_TYPES}
              current={inboxType}
              href={(item) => paths.notifications('inbox', item)}
              text={(item) => t(`notifications.filter.${item}`)}
            />
          )}
          <NotificationList type={type} inboxType={inboxType} page={page} />
        </section>
      </div>
    </TimeZoneProvider>
  );
}
