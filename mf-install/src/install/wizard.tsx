import { DEFAULT_LANGUAGE, siteInfoQuery } from '@agora/shared-api';
import { configFileQuery } from '@agora/shared-api/resources/installation';
import { Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { holdsSite, isInstallerGone, isPrepared } from './api';
import { StepIndicator } from './step-indicator';
import { ConfigStep } from './steps/config-step';
import { DatabaseStep } from './steps/database-step';
import { FinishStep, InstalledPanel } from './steps/finish-step';
import { LanguageStep } from './steps/language-step';
import { SiteStep } from './steps/site-step';
import { STEPS, type DbFormValues, type SetupOutcome, type StepName } from './types';
import { DEFAULT_DB_FILE } from './validation';

export const INITIAL_DB: DbFormValues = {
  db_type: 'sqlite3',
  db_file: DEFAULT_DB_FILE,
  db_host: '',
  db_name: '',
  db_username: '',
  db_password: '',
};

const HEADINGS: Record<StepName, string> = {
  language: 'install.language.heading',
  database: 'install.database.heading',
  config: 'install.config.heading',
  site: 'install.site.heading',
  finish: 'install.finish.heading',
};

/**
 * /install: the five-step first-run wizard (language, database, configuration, site and admin,
 * finish) with its progress display. Every request leaves its errors to the wizard (passingError), which
 * shows them where they belong.
 */
export function InstallWizard() {
  const { t, i18n } = useTranslation(NAMESPACE);
  // siteinfo (the shell has it already) says `installed: false` in install mode and leaves the field out
  // once installed: an installed site never calls the installer API (it would answer 404).
  const site = useQuery(siteInfoQuery());
  // Decided once: after base-info the site info is refreshed and no longer says `installed: false`.
  const [installedAtStart, setInstalledAtStart] = useState<boolean | null>(null);
  if (installedAtStart === null && (site.isSuccess || site.isError)) {
    setInstalledAtStart(site.isSuccess && site.data.installed !== false);
  }
  const configCheck = useQuery(configFileQuery(installedAtStart === false));
  const [step, setStep] = useState(1);
  const [lang, setLang] = useState(() => i18n.language || DEFAULT_LANGUAGE);
  const [db, setDb] = useState<DbFormValues>(INITIAL_DB);
  const [setup, setSetup] = useState<SetupOutcome>({ kind: 'created' });
  const [siteName, setSiteName] = useState('');

  // Keyboard and screen-reader users land on the new step's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const changeLanguage = (next: string) => {
    setLang(next);
    document.documentElement.lang = next.replace('_', '-');
    void i18n.changeLanguage(next);
  };

  const title = (
    <header className="mf-install__header">
      <h1 className="mf-install__title">{t('install.title')}</h1>
    </header>
  );

  if (installedAtStart || (configCheck.isError && isInstallerGone(configCheck.error))) {
    return (
      <div className="mf-install">
        {title}
        <InstalledPanel />
      </div>
    );
  }
  if (installedAtStart === null || configCheck.isPending) {
    return (
      <div className="mf-install">
        {title}
        <div className="mf-install__loading" role="status">
          <Spin />
          <span>{t('install.loading')}</span>
        </div>
      </div>
    );
  }
  const existing = configCheck.data;
  const stepName = STEPS[step - 1] ?? 'language';
  const headingKey =
    stepName === 'config' && setup.kind === 'config-failed' ? 'install.config.failed_title' : HEADINGS[stepName];

  let body;
  switch (stepName) {
    case 'language':
      body = (
        <LanguageStep
          value={lang}
          onChange={changeLanguage}
          onNext={() => {
            // init already ran (a database is recorded, reachable, and migrated): on to the confirmation.
            if (existing && isPrepared(existing)) {
              setSetup({ kind: 'resumed' });
              setStep(3);
            } else setStep(2);
          }}
        />
      );
      break;
    case 'database':
      body = (
        <DatabaseStep
          values={db}
          onValuesChange={setDb}
          notice={
            !existing?.config_file_exist || isPrepared(existing)
              ? null
              : holdsSite(existing)
                ? 'holds-site'
                : 'unreachable'
          }
          onBack={() => setStep(1)}
          onInitialized={(outcome) => {
            setSetup(outcome);
            setStep(3);
          }}
        />
      );
      break;
    case 'config':
      body = (
        <ConfigStep
          outcome={setup}
          onBack={() => setStep(2)}
          onResolved={() => setSetup({ kind: 'resumed' })}
          onNext={() => setStep(4)}
        />
      );
      break;
    case 'site':
      body = (
        <SiteStep
          lang={lang}
          onDone={(name) => {
            setSiteName(name);
            setStep(5);
          }}
        />
      );
      break;
    case 'finish':
      body = <FinishStep siteName={siteName} />;
      break;
  }

  return (
    <div className="mf-install">
      {title}
      <StepIndicator current={step} />
      <section className="mf-install__step" aria-labelledby="mf-install-step-heading">
        <h2 id="mf-install-step-heading" ref={headingRef} tabIndex={-1} className="mf-install__step-heading">
          <span className="mf-install-visually-hidden">
            {t('install.progress.step_of', { current: step, total: STEPS.length })}:{' '}
          </span>
          {t(headingKey)}
        </h2>
        {body}
      </section>
    </div>
  );
}
