import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSharedUiTranslation } from '../../i18n/register';
import '../button/button.css';
import './error-page.css';

/** 403, 404, '50X' (any server error) or a concrete status such as 502 (shown as its number). */
export type ErrorPageCode = 403 | 404 | '50X' | number;

function descriptionKey(code: ErrorPageCode): string {
  if (code === 403) return 'error_page.description_403';
  if (code === 404) return 'error_page.description_404';
  if (code === '50X' || code >= 500) return 'error_page.description_50X';
  return 'error_page.description_other';
}

/** Error page: large face, 'HTTP Error {code}', the description for the code, a way home. */
export function ErrorPage({ code }: { code: ErrorPageCode }) {
  const { t } = useSharedUiTranslation();
  const headingId = useId();
  return (
    <section className="agora-error-page" aria-labelledby={headingId}>
      <FaceIcon />
      <h1 id={headingId} className="agora-error-page__title">
        {t('error_page.title', { code })}
      </h1>
      <p className="agora-error-page__description">{t(descriptionKey(code))}</p>
      <Link to="/" className="agora-btn agora-btn--primary">
        {t('error_page.back_home')}
      </Link>
    </section>
  );
}

function FaceIcon() {
  return (
    <svg className="agora-error-page__face" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="54" fill="none" stroke="currentColor" strokeWidth="6" />
      <circle cx="42" cy="48" r="6" fill="currentColor" />
      <circle cx="78" cy="48" r="6" fill="currentColor" />
      <path d="M38 86 Q60 68 82 86" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
