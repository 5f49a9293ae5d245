import { siteInfoQuery, type Permalink } from '@agora/shared-api';
import { DEFAULT_TIME_ZONE } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';

/**
 * The site settings question screens read: name, time zone (default UTC), permalink mode, and
 * whether images from other hosts show at once ('show': always_display) or behind a click ('ask':
 * ask_before_display, also while siteinfo is unknown).
 */
export function useSite() {
  const { data } = useQuery(siteInfoQuery());
  return {
    name: data?.general.name ?? '',
    timeZone: data?.interface?.time_zone || DEFAULT_TIME_ZONE,
    permalink: (data?.site_seo?.permalink ?? 2) as Permalink,
    externalImages: (data?.site_security?.external_content_display === 'always_display' ? 'show' : 'ask') as
      'show' | 'ask',
  };
}
