import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { documentTitle } from '../page-title';
import { siteInfoQuery } from './site';

export { documentTitle };

/**
 * Sets the document title of the page being shown (documentTitle with the site's name, once loaded). `null` or
 * `undefined` (the page's subject is still loading) leaves the title as it is.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  // The shell loads the site info before any page; reading it here never fetches (nor refetches a failed
  // one under an error page).
  const siteName = useQuery({ ...siteInfoQuery(), enabled: false }).data?.general?.name ?? '';
  useEffect(() => {
    if (title === null || title === undefined) return;
    const next = documentTitle(title, siteName);
    if (next) document.title = next;
  }, [title, siteName]);
}
