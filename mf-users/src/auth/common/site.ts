import { siteInfoQuery, type SiteInfo } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';

/** The site info the shell has already loaded (login group, contact e-mail); undefined while it loads. */
export function useSiteInfo(): SiteInfo | undefined {
  return useQuery(siteInfoQuery()).data;
}
