// Users: the keys of every user read, the current user and logging out (the other reads: ./profile.ts).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { CurrentUser } from '../contract';

export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
  /** GET user/info/search: every answer for one name, whatever the caller then shows of it. */
  search: (name: string) => [...userKeys.all, 'search', name] as const,
  /** The first `limit` people of a search (the invite dialog's suggestions). */
  searchTop: (name: string, limit: number) => [...userKeys.search(name), { limit }] as const,
  ranking: () => [...userKeys.all, 'ranking'] as const,
  profile: (username: string) => [...userKeys.all, 'profile', username] as const,
  /** A tab of a profile: index 2 is the username, index 3 the tab (the placeholder logic reads them). */
  profileTab: (username: string, tab: string, params: Record<string, unknown>) =>
    [...userKeys.profile(username), tab, params] as const,
  notificationConfig: () => [...userKeys.all, 'notification-config'] as const,
  sessions: () => [...userKeys.all, 'sessions'] as const,
};

/** The current user is refreshed at most once per 10 s. */
export const USER_REFRESH_THROTTLE_MS = 10_000;

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => api.get<CurrentUser | null>('user/info', undefined, signal),
    staleTime: USER_REFRESH_THROTTLE_MS,
  });

export function logout(): Promise<null> {
  return api.get<null>('user/logout');
}
