import { Button } from '@agora/shared-ui/antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/**
 * What a query shows until it has data: 'Loading…' (announced), or the failure with a retry. The
 * shell has already told of the failure its own way (error page, toast); this keeps the area honest.
 */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="admin-state" role="alert">
        <p>{t('admin_list.load_failed')}</p>
        <Button onClick={() => void query.refetch()}>{t('admin_list.retry')}</Button>
      </div>
    );
  }
  return (
    <p className="admin-state admin-muted" role="status">
      {t('admin_list.loading')}
    </p>
  );
}
