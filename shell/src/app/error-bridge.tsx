import { clearSession, loginModalOpenAtom, notificationKeys, rememberLoginReturnTo } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { registerErrorEffects } from './error-handler';
import { errorDialogAtom, pageErrorAtom } from './page-error';

/**
 * Connects the error handler to React: toasts, dialogs, navigation and the page-error atom. Also resets
 * the error page and closes the login modal when the visitor navigates. Renders nothing.
 */
export function ErrorBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const setPageError = useSetAtom(pageErrorAtom);
  const setDialog = useSetAtom(errorDialogAtom);
  const setLoginModal = useSetAtom(loginModalOpenAtom);

  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    registerErrorEffects({
      pathname: () => here.current.pathname,
      search: () => here.current.search,
      toastDanger: (message) => toast.danger(message),
      translate: (key) => t(key),
      openDialog: setDialog,
      clearSession: () => {
        clearSession(queryClient);
        queryClient.removeQueries({ queryKey: notificationKeys.all });
      },
      rememberLoginReturnTo,
      navigate: (to) => navigate(to),
      showPage: setPageError,
    });
    return () => registerErrorEffects(null);
  }, [navigate, toast, t, queryClient, setPageError, setDialog]);

  // A navigation: a new history entry (key), or a new address on an entry pushed outside the router.
  const place = `${location.key}|${location.pathname}${location.search}`;
  const lastPlace = useRef(place);
  useEffect(() => {
    if (lastPlace.current === place) return;
    lastPlace.current = place;
    setPageError(null);
    setLoginModal(false);
  }, [place, setPageError, setLoginModal]);

  return null;
}
