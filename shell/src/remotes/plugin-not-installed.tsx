import { paths } from '@agora/shared-api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * /admin/{slug} for a slug no installed plugin has: said inside the admin layout, with the way to the list
 * of installed plugins (not the site's 404 page: the admin area itself exists).
 */
export function PluginNotInstalled({ slug }: { slug: string }) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  return (
    <section className="plugin-missing" aria-labelledby={headingId}>
      <h1 id={headingId} className="plugin-missing__title">
        {t('plugin_missing.title')}
      </h1>
      <p>{t('plugin_missing.description', { slug })}</p>
      <p>
        <Link to={paths.admin('installed-plugins')}>{t('plugin_missing.installed')}</Link>
      </p>
    </section>
  );
}
