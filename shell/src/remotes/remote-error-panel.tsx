import { useTranslation } from 'react-i18next';
import { RetryPanel } from '../app/retry-panel';
import { classifyLoadError } from './load-error';

/** Shown inside a remote's own area when it cannot load or crashes; the rest of the page keeps working. */
export function RemoteErrorPanel({ remote, error, onRetry }: { remote: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const kind = classifyLoadError(error);
  const code = kind === 'css-chunk' ? 'CSS_CHUNK_LOAD_FAILED' : kind === 'chunk' ? 'CHUNK_LOAD_FAILED' : undefined;
  return (
    <RetryPanel
      title={t(`remote_error.${kind}.title`)}
      text={t(`remote_error.${kind}.description`)}
      retryLabel={t('remote_error.retry')}
      onRetry={onRetry}
      data-remote={remote}
      data-failure={kind}
    >
      {code && <p className="remote-error__code">{t('remote_error.code', { code })}</p>}
    </RetryPanel>
  );
}
