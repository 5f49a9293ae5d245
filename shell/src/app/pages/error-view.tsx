import { ErrorPage } from '@agora/shared-ui';
import type { PageError } from '../error-handler';
import { MaintenancePage } from './maintenance-page';

/** An error page in place of the routed content: 403, 404, 50X, or the maintenance page. */
export function ErrorView({ page }: { page: PageError }) {
  if (page === 'maintenance') return <MaintenancePage />;
  return <ErrorPage code={page} />;
}
