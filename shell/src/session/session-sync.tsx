import {
  currentUserQuery,
  forgetLoginReturnTo,
  isIgnoredPath,
  resolveLanguage,
  setAccessToken,
  useHasSession,
} from '@agora/shared-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSiteInfo } from './hooks';
import { applyLanguage } from './language';

/**
 * Keeps the session in step with the server, rendering nothing:
 * - the current user is refreshed on navigation once stale (at most once per 10 s);
 * - a session the server no longer knows (user/info answers null) is forgotten;
 * - the page remembered before a login is forgotten once a logged-in member is past the account pages;
 * - the interface language follows the user's, else the site's; when it changes, what is on screen is
 *   read again, since the server translates names it sends (badges, reasons, notices) into the language
 *   of the request.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const session = useHasSession();
  const { pathname } = useLocation();
  const site = useSiteInfo();
  const userQuery = useQuery({ ...currentUserQuery(), enabled: session });
  const user = session ? userQuery.data : null;

  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname || !session) return;
    previousPath.current = pathname;
    void queryClient.prefetchQuery(currentUserQuery());
  }, [pathname, session, queryClient]);

  useEffect(() => {
    if (session && !isIgnoredPath(pathname)) forgetLoginReturnTo();
  }, [session, pathname]);

  const stale = session && userQuery.isSuccess && userQuery.data === null;
  useEffect(() => {
    if (stale) setAccessToken(null);
  }, [stale]);

  const ready = !!site && user !== undefined;
  const language = ready ? resolveLanguage(user?.language, site.interface.language) : null;
  useEffect(() => {
    if (!language) return;
    void applyLanguage(language).then((changed) => {
      if (changed) void queryClient.invalidateQueries();
    });
  }, [language, queryClient]);

  return null;
}
