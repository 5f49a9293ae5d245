// Notifications: the unread counts the header polls.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { NotificationStatus } from '../contract';

export const notificationKeys = {
  all: ['notification'] as const,
  status: () => [...notificationKeys.all, 'status'] as const,
};

/** Polled every 3 s while the account is activated. */
export const NOTIFICATION_POLL_MS = 3_000;

export const notificationStatusQuery = () =>
  queryOptions({
    queryKey: notificationKeys.status(),
    queryFn: ({ signal }) => api.get<NotificationStatus>('notification/status', undefined, signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    // 50X during polling is ignored: keep the last value and do not retry aggressively.
    retry: false,
    meta: { ignoreServerError: true },
  });
