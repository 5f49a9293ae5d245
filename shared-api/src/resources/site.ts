// The site: its public settings, legal texts and interface languages.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { LanguageOption, LegalInfo, SiteInfo } from '../contract';

export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
  legal: (type: string) => [...siteKeys.all, 'legal', type] as const,
  languages: () => [...siteKeys.all, 'languages'] as const,
};

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: siteKeys.info(),
    queryFn: ({ signal }) => api.get<SiteInfo>('siteinfo', undefined, signal),
    staleTime: 60_000,
  });

export const legalQuery = (type: 'tos' | 'privacy') =>
  queryOptions({
    queryKey: siteKeys.legal(type),
    queryFn: ({ signal }) => api.get<LegalInfo>('siteinfo/legal', { info_type: type }, signal),
  });

/** GET language/options: the interface languages a user may choose. */
export const languagesQuery = () =>
  queryOptions({
    queryKey: siteKeys.languages(),
    queryFn: ({ signal }) => api.get<LanguageOption[]>('language/options', undefined, signal),
    staleTime: 5 * 60_000,
  });
