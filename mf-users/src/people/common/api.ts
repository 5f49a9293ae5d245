// Wire shapes and queries of the people screens (docs/wire-contract.md: users, personal pages, votes, bookmarks).
// Local types until shared-api/src/contract/profile.ts and accounts.ts describe them.
import { api, type CurrentUser } from '@agora/shared-api';
import type {
  NotificationConfig,
  PersonalUserInfo,
  QaTop,
  UserRanking,
  UserSessionItem,
} from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';

/** Default pagination size. */
export const PAGE_SIZE = 15;

export type Avatar = CurrentUser['avatar'];

export type {
  CollectionItem as BookmarkItem,
  NotificationConfig,
  PersonalUserInfo,
  QaTop as TopLists,
  RankingUser,
  UserAnswer,
  UserComment as CommentItem,
  UserQuestion,
  UserRanking as Ranking,
  UserRankItem as RankItem,
  UserSessionItem as UserSession,
  UserVoteItem as VoteItem,
} from '@agora/shared-api/contract';

export interface Page<T> {
  count: number;
  list: T[];
}

export const peopleKeys = {
  all: ['people'] as const,
  ranking: () => [...peopleKeys.all, 'ranking'] as const,
  user: (username: string) => [...peopleKeys.all, 'user', username] as const,
  tab: (username: string, tab: string, params: Record<string, unknown>) =>
    [...peopleKeys.all, 'user', username, tab, params] as const,
  notificationConfig: () => [...peopleKeys.all, 'notification-config'] as const,
  sessions: () => [...peopleKeys.all, 'sessions'] as const,
  languages: () => [...peopleKeys.all, 'languages'] as const,
  legal: (type: string) => [...peopleKeys.all, 'legal', type] as const,
};

export const rankingQuery = () =>
  queryOptions({
    queryKey: peopleKeys.ranking(),
    queryFn: ({ signal }) => api.get<UserRanking>('user/ranking', undefined, signal),
  });

export const personalInfoQuery = (username: string) =>
  queryOptions({
    queryKey: peopleKeys.user(username),
    queryFn: ({ signal }) => api.get<PersonalUserInfo>('personal/user/info', { username }, signal),
    // An unknown user is the 404 page (the query allows a 404).
    meta: { allow404: true },
  });

/** A paged personal list (answers, questions, bookmarks, reputation, comments, votes). */
export const personalPageQuery = <T>(
  username: string,
  tab: string,
  path: string,
  params: Record<string, string | number>,
  enabled = true,
) =>
  queryOptions<Page<T>>({
    queryKey: peopleKeys.tab(username, tab, params),
    queryFn: ({ signal }) => api.get<Page<T>>(path, params, signal),
    // While the next page of the same list loads, the current one stays; another tab never shows it.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === username && previousQuery.queryKey[3] === tab ? previous : undefined,
    enabled,
  });

export const topQuery = (username: string) =>
  queryOptions({
    queryKey: peopleKeys.tab(username, 'top', {}),
    queryFn: ({ signal }) => api.get<QaTop>('personal/qa/top', { username }, signal),
  });

export const notificationConfigQuery = () =>
  queryOptions({
    queryKey: peopleKeys.notificationConfig(),
    queryFn: ({ signal }) => api.get<NotificationConfig>('user/notification/config', undefined, signal),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: peopleKeys.sessions(),
    queryFn: ({ signal }) => api.get<UserSessionItem[]>('user/sessions', undefined, signal),
  });

export interface LanguageOption {
  label: string;
  value: string;
}

export const languagesQuery = () =>
  queryOptions({
    queryKey: peopleKeys.languages(),
    queryFn: ({ signal }) => api.get<LanguageOption[]>('language/options', undefined, signal),
    staleTime: 5 * 60_000,
  });

export interface LegalInfo {
  terms_of_service_original_text?: string;
  terms_of_service_parsed_text?: string;
  privacy_policy_original_text?: string;
  privacy_policy_parsed_text?: string;
}

export const legalQuery = (type: 'tos' | 'privacy') =>
  queryOptions({
    queryKey: peopleKeys.legal(type),
    queryFn: ({ signal }) => api.get<LegalInfo>('siteinfo/legal', { info_type: type }, signal),
  });

/** POST file (multipart, source=avatar): resolves with the uploaded picture's URL. */
export function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('source', 'avatar');
  body.append('file', file);
  return api.request<string>('post', 'file', { body });
}

export { fetchActionRecord } from '@agora/shared-api';
