import {
  notificationStatusQuery,
  siteInfoQuery,
  useLoginState,
  type NotificationStatus,
  type SiteInfo,
} from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';

/**
 * Site settings (loaded by the main layout before anything else renders). Readers never load them again
 * when that failed: the main layout shows the failure and owns the retry (a header mounting beside the
 * error would otherwise repeat the failed request, and a time-out would hold the page another 10 s).
 */
export function useSiteInfo(): SiteInfo | undefined {
  return useQuery({ ...siteInfoQuery(), retryOnMount: false }).data;
}

/**
 * Unread counters and review info, polled every 3 s only while the account is activated.
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
