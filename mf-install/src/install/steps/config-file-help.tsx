import { Button } from '@agora/shared-ui/antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import type { ConfigFailure } from '../api';

/**
 * The 'config file cannot be created' error: what to do, and the configuration the server could not write
 * (its default_config) in a code block with a copy button. `then`: what the user does afterwards.
 */
export function ConfigFileHelp({
  defaultConfig,
  configFile,
  then = 'check',
}: ConfigFailure & { then?: 'check' | 'install' }) {
  const { t } = useTranslation(NAMESPACE);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const captionId = useId();

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(defaultConfig);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <>
      <ol className="mf-install__instructions">
        <li>
          {configFile ? (
            <>
              {t('install.config.failed_step_1_file')} <code className="mf-install__path">{configFile}</code>
            </>
          ) : (
            t('install.config.failed_step_1')
          )}
        </li>
        <li>{t('install.config.failed_step_2')}</li>
        <li>{t(then === 'install' ? 'install.config.failed_step_3_install' : 'install.config.failed_step_3')}</li>
      </ol>
      <figure className="mf-install__code" aria-labelledby={captionId}>
        <figcaption id={captionId}>{t('install.config.default_config_label')}</figcaption>
        <pre tabIndex={0} aria-labelledby={captionId}>
          <code>{defaultConfig}</code>
        </pre>
        <div className="mf-install__code-actions">
          <Button size="small" onClick={() => void onCopy()}>
            {t('install.actions.copy')}
          </Button>
          <span role="status" className="mf-install__copy-status">
            {copy === 'copied'
              ? t('install.actions.copied')
              : copy === 'failed'
                ? t('install.actions.copy_failed')
                : ''}
          </span>
        </div>
      </figure>
    </>
  );
}
