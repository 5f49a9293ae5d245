import { paths, siteInfoQuery, useCurrentUser } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { GlobalGuards } from '../../guards/route-guard';
import { pageErrorAtom } from '../page-error';
import { ErrorView } from '../pages/error-view';
import { MaintenancePage } from '../pages/maintenance-page';
import { Frame, RoutedContent } from './frame';

function AppLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * Main layout: loads the application setup (site info and the current user) first and shows
 * a loading state until then; then header, content under the global guards, and footer.
 * In maintenance mode every page shows the maintenance page, except for administrators and the login
 * page (so that an administrator can still log in and switch it off).
 */
export function MainLayout() {
  const site = useQuery(siteInfoQuery());
  const { user, isPending } = useCurrentUser();
  const { pathname } = useLocation();
  const pageError = useAtomValue(pageErrorAtom);
  // Latched: a later refetch (after a failure, the query goes back to pending) must not unmount the page.
  const [settled, setSettled] = useState(false);
  if (!settled && !site.isPending && !isPending) setSettled(true);
  if (!settled) return <AppLoading />;

  let content;
  // Without the setup nothing can show: its failure (a time-out offers a retry), or loading again after one.
  if (!site.data) content = site.isFetching ? <AppLoading /> : <ErrorView page={pageError ?? '50X'} />;
  else if (site.data.maintenance && user?.role_id !== 2 && pathname !== paths.login()) content = <MaintenancePage />;
  else
    content = (
      <GlobalGuards>
        <RoutedContent />
      </GlobalGuards>
    );
  return <Frame>{content}</Frame>;
}
