import { useTranslation } from 'react-i18next';

/** Placeholder while a remote screen loads. */
export function ScreenLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="screen-loading__bar" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
