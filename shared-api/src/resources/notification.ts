// Notifications: the unread dots the header polls, the two lists (inbox and achievements) and the writes
// that read an entry, read a whole list and clear a tab's dot. The one home of these queries and writes.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../client';
import type { InboxType, NotificationPage, NotificationStatus, NotificationType } from '../contract';

export const notificationKeys = {
  all: ['notification'] as const,
  status: () => [...notificationKeys.all, 'status'] as const,
  /** Every page of one list (inbox or achievement). */
  list: (type: NotificationType) => [...notificationKeys.all, 'page', type] as const,
  page: (type: NotificationType, inboxType: InboxType, page: number) =>
    [...notificationKeys.list(type), inboxType, page] as const,
};

/** Polled every 3 s while the account is activated. */
export const NOTIFICATION_POLL_MS = 3_000;

/** Entries per page of a notification list. */
export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationStatusQuery = () =>
  queryOptions({
    queryKey: notificationKeys.status(),
    queryFn: ({ signal }) => api.get<NotificationStatus>('notification/status', undefined, signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    // 50X during polling is ignored: keep the last value and do not retry aggressively.
    retry: false,
    meta: { ignoreServerError: true },
  });

/** GET notification/page: one page of a list, newest first; the inbox narrowed to a sub-type. */
export const notificationPageQuery = (type: NotificationType, inboxType: InboxType, page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(type, type === 'inbox' ? inboxType : 'all', page),
    queryFn: async ({ signal }) =>
      (await api.get<NotificationPage | null>(
        'notification/page',
        {
          type,
          ...(type === 'inbox' ? { inbox_type: inboxType } : {}),
          page,
          page_size: NOTIFICATION_PAGE_SIZE,
        },
        signal,
      )) ?? { count: 0, list: [] },
  });

/** Marks cached entries of a list read: one (by id) or all of them. */
function markCachedRead(client: QueryClient, type: NotificationType | null, id?: string) {
  client.setQueriesData<NotificationPage>(
    { queryKey: type ? notificationKeys.list(type) : [...notificationKeys.all, 'page'] },
    (old) =>
      old && {
        ...old,
        list: old.list.map((item) => (id === undefined || item.id === id ? { ...item, is_read: true } : item)),
      },
  );
}

/** PUT notification/read/state: one of the member's entries is read (shown so at once in every list). */
export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<null>('notification/read/state', { id }),
    onMutate: (id) => markCachedRead(client, null, id),
    onSettled: () => client.invalidateQueries({ queryKey: [...notificationKeys.all, 'page'] }),
    // Runs while the member is already on the way to the entry's post: a server failure is not worth a page.
    meta: { ignoreServerError: true },
  });
}

/** PUT notification/read/state/all: every entry of a list is read. */
export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: NotificationType) => api.put<null>('notification/read/state/all', { type }),
    onSuccess: (_data, type) => {
      markCachedRead(client, type);
      void client.invalidateQueries({ queryKey: notificationKeys.list(type) });
      void client.invalidateQueries({ queryKey: notificationKeys.status() });
    },
    // The list shows the failure beside its button.
    meta: { passingError: true },
  });
}

/**
 * PUT notification/status: the member opened a tab, so its header dot clears. The cached status is
 * cleared at once (a poll already under way is cancelled so it cannot bring the dot back) and then takes
 * the server's answer.
 */
export function useOpenNotificationTab() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: NotificationType) => api.put<NotificationStatus | null>('notification/status', { type }),
    onMutate: async (type) => {
      await client.cancelQueries({ queryKey: notificationKeys.status() });
      client.setQueryData<NotificationStatus>(notificationKeys.status(), (old) => old && { ...old, [type]: 0 });
    },
    onSuccess: (status) => {
      if (status) client.setQueryData(notificationKeys.status(), status);
    },
    // Failing to record the visit only leaves the dot for the next poll: nothing to tell the member.
    meta: { passingError: true },
  });
}
