import {
  currentUserQuery,
  rememberLoginReturnTo,
  takeLoginReturnTo,
  useHasSession,
  useLoginState,
} from '@agora/shared-api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorView } from '../app/pages/error-view';
import { ScreenLoading } from '../app/screen-loading';
import { useSiteInfo } from '../session/hooks';
import { GLOBAL_GUARDS, GUARDS, runGuards, type GuardContext, type GuardName, type GuardResult } from './guards';

export function useGuardContext(): GuardContext {
  const login = useLoginState();
  const site = useSiteInfo();
  const { pathname, search } = useLocation();
  return {
    login,
    site: {
      loginRequired: !!(site?.login.login_required || site?.site_security?.login_required),
      allowNewRegistrations: !!site?.login.allow_new_registrations,
    },
    location: { pathname, search },
    returnTo: takeLoginReturnTo(),
  };
}

/** Replaces the history entry with the guard's target; the content shows only once there. */
function Redirect({ to, remember }: { to: string; remember?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (remember) rememberLoginReturnTo(pathname + search);
    navigate(to, { replace: true });
  }, [navigate, to, remember, pathname, search]);
  return null;
}

/** A failed guard with 403/404/50X shows that error page in place; otherwise it redirects. */
export function GuardOutcome({ result, children }: { result: GuardResult; children: ReactNode }) {
  if (result.ok) return children;
  if ('error' in result) return <ErrorView page={result.error} />;
  return <Redirect to={result.redirect} remember={result.remember} />;
}

/** The main layout's guards: login required on a private site, then not forbidden. */
export function GlobalGuards({ children }: { children: ReactNode }) {
  return <GuardOutcome result={runGuards(GLOBAL_GUARDS, useGuardContext())}>{children}</GuardOutcome>;
}

export function RouteGuard({ name, children }: { name: GuardName; children: ReactNode }) {
  return <GuardOutcome result={GUARDS[name](useGuardContext())}>{children}</GuardOutcome>;
}

/** /admin refreshes the logged user first (role changes take effect at once), then applies the admin guard. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useHasSession();
  const [refreshed, setRefreshed] = useState(!session);
  useEffect(() => {
    if (!session) return;
    let live = true;
    queryClient
      .fetchQuery({ ...currentUserQuery(), staleTime: 0 })
      .catch(() => undefined)
      .finally(() => live && setRefreshed(true));
    return () => {
      live = false;
    };
  }, [queryClient, session]);
  if (!refreshed) return <ScreenLoading />;
  return <RouteGuard name="admin">{children}</RouteGuard>;
}
