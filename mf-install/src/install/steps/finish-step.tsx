import { Button } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/**
 * Step 5: done. The links load the pages afresh (not a client-side move): everything the shell loaded in
 * install mode (site information, remote list) is read again from the now installed site.
 */
export function FinishStep({ siteName }: { siteName: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="mf-install__form">
      <p>{t('install.finish.body', { site: siteName })}</p>
      <p>{t('install.finish.admin_hint')}</p>
      <div className="mf-install__actions">
        <Button type="primary" href="/">
          {t('install.finish.home')}
        </Button>
        <Button href="/admin">{t('install.finish.admin')}</Button>
      </div>
    </div>
  );
}

/** The installer API is gone (404): the site is installed already. */
export function InstalledPanel() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="mf-install__step" aria-labelledby="mf-install-installed">
      <h2 id="mf-install-installed" className="mf-install__step-heading">
        {t('install.installed.heading')}
      </h2>
      <p>{t('install.installed.body')}</p>
      <div className="mf-install__actions">
        <Button type="primary" href="/">
          {t('install.installed.home')}
        </Button>
      </div>
    </section>
  );
}
