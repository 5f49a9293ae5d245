import { Alert, Button } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { holdsSite, isPrepared, useRecheckConfigFile, type ConfigFailure } from '../api';
import { ConfigFileHelp } from './config-file-help';
import { describeFailure, type AlertContent } from '../errors';
import type { SetupOutcome } from '../types';

export interface ConfigStepProps {
  outcome: SetupOutcome;
  onBack(): void;
  /** The configuration file the operator created by hand is in place and its database is ready. */
  onResolved(): void;
  onNext(): void;
}

/**
 * Step 3: the configuration file and the tables. Normally a confirmation; when the server could not write
 * the file, its default configuration in a copyable block with what to do, and a re-check.
 */
export function ConfigStep({ outcome, onBack, onResolved, onNext }: ConfigStepProps) {
  const { t } = useTranslation(NAMESPACE);
  if (outcome.kind === 'config-failed') {
    return (
      <ConfigFailed
        defaultConfig={outcome.defaultConfig}
        configFile={outcome.configFile}
        onBack={onBack}
        onResolved={onResolved}
      />
    );
  }
  return (
    <div className="mf-install__form">
      {outcome.kind === 'resumed' ? (
        <p>{t('install.config.resumed')}</p>
      ) : (
        <ul className="mf-install__checklist">
          <li>
            <span aria-hidden="true">✓ </span>
            {t('install.config.created')}
          </li>
          <li>
            <span aria-hidden="true">✓ </span>
            {t('install.config.tables')}
          </li>
        </ul>
      )}
      <p className="mf-install__intro">{t('install.config.next_hint')}</p>
      <div className="mf-install__actions">
        <Button type="primary" onClick={onNext}>
          {t('install.actions.next')}
        </Button>
      </div>
    </div>
  );
}

function ConfigFailed({
  defaultConfig,
  configFile,
  onBack,
  onResolved,
}: ConfigFailure & {
  onBack(): void;
  onResolved(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [problem, setProblem] = useState<AlertContent | null>(null);
  const recheck = useRecheckConfigFile();

  const onCheck = () => {
    setProblem(null);
    recheck.mutate(undefined, {
      onSuccess: (result) => {
        if (isPrepared(result)) onResolved();
        else if (holdsSite(result))
          setProblem({
            title: t('install.database.already_installed'),
            description: t('install.database.already_installed_hint'),
          });
        else setProblem({ title: t('install.config.not_ready') });
      },
      onError: (error) => setProblem(describeFailure(error, t)),
    });
  };

  return (
    <div className="mf-install__form">
      <Alert type="error" showIcon className="mf-install__alert" title={t('install.config.failed_intro')} />
      <ConfigFileHelp defaultConfig={defaultConfig} configFile={configFile} />
      {problem && (
        <Alert
          type="warning"
          showIcon
          className="mf-install__alert"
          title={problem.title}
          description={problem.description}
        />
      )}
      <div className="mf-install__actions">
        <Button onClick={onBack} disabled={recheck.isPending}>
          {t('install.actions.back')}
        </Button>
        <Button type="primary" onClick={onCheck} loading={recheck.isPending} aria-busy={recheck.isPending}>
          {t('install.actions.check_again')}
        </Button>
      </div>
    </div>
  );
}
