import {
  notificationStatusQuery,
  siteInfoQuery,
  useLoginState,
  type NotificationStatus,
  type SiteInfo,
} from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';

/** Site settings (loaded by the main layout before anything else renders). */
export function useSiteInfo(): SiteInfo | undefined {
  return useQuery(siteInfoQuery()).data;
}

/**
 * Unread counters and review info, polled every 3 s only while the account is activated (SPEC §7).
 * The query's meta makes the error handler ignore 50X answers: no page, no toast.
 */
export function useNotificationStatus(): NotificationStatus | undefined {
  const { activated } = useLoginState();
  return useQuery({ ...notificationStatusQuery(), enabled: activated }).data;
}

/** The site's name, for the header, footer and titles. */
export function useSiteName(): string {
  return useSiteInfo()?.general.name ?? '';
}
