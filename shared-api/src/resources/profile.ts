// Users as the people screens and the mention and invite lists read them: search, ranking, profiles and the
// caller's own settings (their keys are userKeys, under `user`).
import { queryOptions } from '@tanstack/react-query';
import { api, userKeys } from '@agora/shared-api';
import type {
  NotificationConfig,
  PersonalUserInfo,
  QaTop,
  UserBasicInfo,
  UserRanking,
  UserSessionItem,
} from '../contract';

/** GET user/info/search: people whose username or display name starts with `name` (mentions). */
export const userSearchQuery = (name: string) =>
  queryOptions({
    queryKey: userKeys.search(name),
    queryFn: ({ signal }) => api.get<UserBasicInfo[]>('user/info/search', { username: name }, signal),
    staleTime: 60_000,
    retry: false,
    // A failed suggestion list only means fewer suggestions.
    meta: { passingError: true },
  });

/** At most 5 people suggested. */
export const PEOPLE_SUGGESTIONS = 5;

/** The first people of a search (the invite dialog); nothing is asked for an empty name. */
export const peopleSearchQuery = (name: string) =>
  queryOptions({
    queryKey: userKeys.searchTop(name, PEOPLE_SUGGESTIONS),
    queryFn: async ({ signal }) =>
      ((await api.get<UserBasicInfo[] | null>('user/info/search', { username: name }, signal)) ?? []).slice(
        0,
        PEOPLE_SUGGESTIONS,
      ),
    enabled: name.length > 0,
    staleTime: 30_000,
  });

export const rankingQuery = () =>
  queryOptions({
    queryKey: userKeys.ranking(),
    queryFn: ({ signal }) => api.get<UserRanking>('user/ranking', undefined, signal),
  });

export const personalInfoQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.profile(username),
    queryFn: ({ signal }) => api.get<PersonalUserInfo>('personal/user/info', { username }, signal),
    // An unknown user is the 404 page.
    meta: { allow404: true },
  });

export interface Page<T> {
  count: number;
  list: T[];
}

/** A paged personal list (answers, questions, bookmarks, reputation, comments, votes). */
export const personalPageQuery = <T>(
  username: string,
  tab: string,
  path: string,
  params: Record<string, string | number>,
  enabled = true,
) =>
  queryOptions<Page<T>>({
    queryKey: userKeys.profileTab(username, tab, params),
    queryFn: ({ signal }) => api.get<Page<T>>(path, params, signal),
    // While the next page of the same list loads, the current one stays; another tab never shows it.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === username && previousQuery.queryKey[3] === tab ? previous : undefined,
    enabled,
  });

export const topQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.profileTab(username, 'top', {}),
    queryFn: ({ signal }) => api.get<QaTop>('personal/qa/top', { username }, signal),
  });

export const notificationConfigQuery = () =>
  queryOptions({
    queryKey: userKeys.notificationConfig(),
    queryFn: ({ signal }) => api.get<NotificationConfig>('user/notification/config', undefined, signal),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: userKeys.sessions(),
    queryFn: ({ signal }) => api.get<UserSessionItem[]>('user/sessions', undefined, signal),
  });
