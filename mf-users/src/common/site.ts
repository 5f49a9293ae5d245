import { siteInfoQuery, type Permalink } from '@agora/shared-api';
import { DEFAULT_TIME_ZONE, registerSharedUiTranslations, SHARED_UI_NS } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** The site settings the people screens read: time zone, permalink mode, profile-edit switches. */
export function useSite() {
  const { data } = useQuery(siteInfoQuery());
  return {
    site: data,
    timeZone: data?.interface.time_zone || DEFAULT_TIME_ZONE,
    permalink: (data?.site_seo.permalink ?? 2) as Permalink,
  };
}

/** shared-ui's own strings (date words and patterns for formatFullTime), registered if start-up did not. */
export function useSharedUiT() {
  const { i18n } = useTranslation();
  registerSharedUiTranslations(i18n);
  return useTranslation(SHARED_UI_NS);
}
