import { siteInfoQuery, type Permalink } from '@agora/shared-api';
import { DEFAULT_TIME_ZONE } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';

/** The site settings question screens read: name, time zone (SPEC §9 default UTC), permalink mode. */
export function useSite() {
  const { data } = useQuery(siteInfoQuery());
  return {
    name: data?.general.name ?? '',
    timeZone: data?.interface?.time_zone || DEFAULT_TIME_ZONE,
    permalink: (data?.site_seo?.permalink ?? 2) as Permalink,
  };
}
