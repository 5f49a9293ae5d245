import { useTranslation } from 'react-i18next';
import { useSiteName } from '../../session/hooks';

/** Footer: the current year and the site name. */
export function Footer() {
  const { t } = useTranslation('shell');
  const name = useSiteName();
  return (
    <footer className="site-footer">
      <p>{t('footer.copyright', { year: new Date().getFullYear(), name })}</p>
    </footer>
  );
}
