import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { SiteInfo } from '../contract/site';
import type { CurrentUser, NotificationStatus } from '../contract/user';

export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: siteKeys.info(),
    queryFn: ({ signal }) => api.get<SiteInfo>('siteinfo', undefined, signal),
    staleTime: 60_000,
  });

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

/** SPEC §7: the current user is refreshed at most once per 10 s. */
export const USER_REFRESH_THROTTLE_MS = 10_000;

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => api.get<CurrentUser | null>('user/info', undefined, signal),
    staleTime: USER_REFRESH_THROTTLE_MS,
  });

export const notificationKeys = {
  all: ['notification'] as const,
  status: () => [...notificationKeys.all, 'status'] as const,
};

/** SPEC §7: polled every 3 s while the account is activated. */
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

export function logout(): Promise<null> {
  return api.get<null>('user/logout');
}
