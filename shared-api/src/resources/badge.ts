// Badges as every screen reads them (the one home of these calls): the catalogue by group, one badge, its
// recipients page by page, a member's badges and their latest ones. The admin switch lives with mf-admin's
// calls; after a switch it drops these caches (badgeKeys.all), since an inactive badge leaves the catalogue.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { BadgeAwardPage, BadgeDetail, BadgeGroupList, UserBadgePage } from '../contract';

/** Recipients listed per page on a badge's page. */
export const BADGE_AWARDS_PAGE_SIZE = 20;

export const badgeKeys = {
  all: ['badge'] as const,
  /** The catalogue and a badge carry the viewer's own count: each viewer (`''` a visitor) has their copy. */
  catalogue: (viewer: string) => [...badgeKeys.all, 'catalogue', viewer] as const,
  detail: (id: string, viewer: string) => [...badgeKeys.all, 'detail', id, viewer] as const,
  awards: (id: string, page: number, username: string) => [...badgeKeys.all, 'awards', id, { page, username }] as const,
  /** A member's badges: every one (`all`) or the latest ten (`recent`). */
  ofUser: (username: string, which: 'all' | 'recent') => [...badgeKeys.all, 'user', username, which] as const,
};

/** GET badges: the active badges by group, each with the viewer's own count (`viewer`: their id, '' if none). */
export const badgeCatalogueQuery = (viewer: string) =>
  queryOptions({
    queryKey: badgeKeys.catalogue(viewer),
    queryFn: async ({ signal }) => (await api.get<BadgeGroupList | null>('badges', undefined, signal)) ?? [],
  });

/** GET badge?id=: one active badge; an unknown or inactive one is the 404 page. */
export const badgeQuery = (id: string, viewer: string) =>
  queryOptions({
    queryKey: badgeKeys.detail(id, viewer),
    queryFn: ({ signal }) => api.get<BadgeDetail>('badge', { id }, signal),
    meta: { allow404: true },
  });

/** GET badge/awards/page: the badge's recipients, newest first; `username` narrows them to one member. */
export const badgeAwardsQuery = (id: string, page: number, username = '') =>
  queryOptions({
    queryKey: badgeKeys.awards(id, page, username),
    queryFn: ({ signal }) =>
      api.get<BadgeAwardPage>(
        'badge/awards/page',
        { badge_id: id, page, page_size: BADGE_AWARDS_PAGE_SIZE, ...(username ? { username } : {}) },
        signal,
      ),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET badge/user/awards: every badge the member holds, with how many times. */
export const userBadgesQuery = (username: string) =>
  queryOptions({
    queryKey: badgeKeys.ofUser(username, 'all'),
    queryFn: ({ signal }) => api.get<UserBadgePage>('badge/user/awards', { username }, signal),
  });

/** GET badge/user/awards/recent: the member's latest ten badges (a card of the profile: failures pass). */
export const recentUserBadgesQuery = (username: string) =>
  queryOptions({
    queryKey: badgeKeys.ofUser(username, 'recent'),
    queryFn: ({ signal }) => api.get<UserBadgePage>('badge/user/awards/recent', { username }, signal),
    meta: { passingError: true },
  });
