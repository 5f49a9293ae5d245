import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { pageErrorAtom } from '../page-error';
import { RetryPanel } from '../retry-panel';

/**
 * In place of a page whose first load got no answer (time-out after 10 s, or no connection): says so and
 * offers a retry, which loads the failed queries afresh (their skeletons show again) and the page with them.
 */
export function LoadFailed({ kind }: { kind: 'timeout' | 'network' }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const setPageError = useSetAtom(pageErrorAtom);
  const retry = () => {
    void queryClient.resetQueries({
      predicate: (query) => query.state.status === 'error' && query.state.data === undefined,
    });
    setPageError(null);
  };
  return (
    <RetryPanel
      title={t(`load_failed.${kind}.title`)}
      text={t(`load_failed.${kind}.description`)}
      retryLabel={t('load_failed.retry')}
      onRetry={retry}
      data-failure={kind}
    />
  );
}
