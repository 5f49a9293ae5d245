import { useDocumentTitle } from '@agora/shared-api';
import { useTranslation } from 'react-i18next';

/** Shown at /maintenance, when the site is in maintenance mode, and on a 503 base.maintenance. */
export function MaintenancePage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('maintenance.title'));
  return (
    <section className="maintenance-page" aria-labelledby="maintenance-title">
      <div className="maintenance-page__face" aria-hidden="true">
        (=‘x‘=)
      </div>
      <h1 id="maintenance-title" className="visually-hidden">
        {t('maintenance.title')}
      </h1>
      <p className="maintenance-page__text">{t('maintenance.description')}</p>
    </section>
  );
}
