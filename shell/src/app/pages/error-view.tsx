import { useDocumentTitle } from '@agora/shared-api';
import { ErrorPage, type ErrorPageCode } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import type { PageError } from '../error-handler';
import { LoadFailed } from './load-failed';
import { MaintenancePage } from './maintenance-page';

/** An error page in place of the routed content: 403, 404, 50X, a failed first load, or maintenance. */
export function ErrorView({ page }: { page: PageError }) {
  if (page === 'maintenance') return <MaintenancePage />;
  if (page === 'timeout' || page === 'network') return <LoadFailed kind={page} />;
  return <TitledErrorPage code={page} />;
}

/** The error page and its document title, also when a screen had set its own before the error replaced it. */
function TitledErrorPage({ code }: { code: ErrorPageCode }) {
  const { t } = useTranslation('shared-ui');
  useDocumentTitle(t('error_page.title', { code }));
  return <ErrorPage code={code} />;
}
