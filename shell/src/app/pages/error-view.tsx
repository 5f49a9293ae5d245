import { ErrorPage } from '@agora/shared-ui';
import type { PageError } from '../error-handler';
import { LoadFailed } from './load-failed';
import { MaintenancePage } from './maintenance-page';

/** An error page in place of the routed content: 403, 404, 50X, a failed first load, or maintenance. */
export function ErrorView({ page }: { page: PageError }) {
  if (page === 'maintenance') return <MaintenancePage />;
  if (page === 'timeout' || page === 'network') return <LoadFailed kind={page} />;
  return <ErrorPage code={page} />;
}
