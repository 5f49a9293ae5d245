import { Button } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { classifyLoadError } from './load-error';

/** Shown inside a remote's own area when it cannot load or crashes; the rest of the page keeps working. */
export function RemoteErrorPanel({ remote, error, onRetry }: { remote: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const kind = classifyLoadError(error);
  const code = kind === 'css-chunk' ? 'CSS_CHUNK_LOAD_FAILED' : kind === 'chunk' ? 'CHUNK_LOAD_FAILED' : undefined;
  return (
    <section role="alert" aria-live="assertive" className="remote-error" data-remote={remote} data-failure={kind}>
      <h2 className="remote-error__title">{t(`remote_error.${kind}.title`)}</h2>
      <p className="remote-error__text">{t(`remote_error.${kind}.description`)}</p>
      {code && <p className="remote-error__code">{t('remote_error.code', { code })}</p>}
      <Button variant="primary" onClick={onRetry}>
        {t('remote_error.retry')}
      </Button>
    </section>
  );
}
