import { useCurrentUser, useDocumentTitle } from '@agora/shared-api';
import { TimeZoneProvider } from '@agora/shared-ui';
import { AntdProvider, Spin } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { useSite } from '../../common/site';
import '../common/people.css';
import './settings.css';
import { AccountSettings } from './account-settings';
import { FollowedTagsSection } from './followed-tags-section';
import { InterfaceForm } from './interface-form';
import { NotifyForm } from './notify-form';
import { ProfileForm } from './profile-form';

export const SETTINGS_TABS = ['profile', 'notify', 'account', 'interface'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** /users/settings and /users/settings/{profile|notify|account|interface}: the URL names the tab. */
export default function SettingsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { setting } = useParams();
  const { user, isPending } = useCurrentUser();
  const { site, timeZone } = useSite();
  const tab = (setting ?? 'profile') as SettingsTab;
  const known = SETTINGS_TABS.includes(tab);
  useDocumentTitle(known ? t('people.settings.document_title', { tab: t(`people.settings.tab.${tab}`) }) : null);

  if (!known) return <Navigate to="/users/settings" replace />;

  return (
    <AntdProvider>
      <TimeZoneProvider timeZone={timeZone}>
        <div className="people-page people-settings">
          <h1 className="people-page__title">{t('people.settings.title')}</h1>
          <div className="people-settings__layout">
            <nav className="people-settings__nav" aria-label={t('people.settings.nav_label')}>
              <ul>
                {SETTINGS_TABS.map((name) => (
                  <li key={name}>
                    <Link
                      to={`/users/settings/${name}`}
                      aria-current={name === tab ? 'page' : undefined}
                      className={`people-settings__link${name === tab ? ' is-active' : ''}`}
                    >
                      {t(`people.settings.tab.${name}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <section className="people-settings__content" aria-labelledby="people-settings-heading">
              <h2 id="people-settings-heading" className="people-settings__heading">
                {t(`people.settings.tab.${tab}`)}
              </h2>
              {isPending || !user || (tab === 'profile' && !site) ? (
                <Spin />
              ) : tab === 'profile' ? (
                <ProfileForm key={user.id} user={user} site={site} />
              ) : tab === 'notify' ? (
                <>
                  <NotifyForm />
                  <FollowedTagsSection />
                </>
              ) : tab === 'account' ? (
                <AccountSettings user={user} />
              ) : (
                <InterfaceForm user={user} />
              )}
            </section>
          </div>
        </div>
      </TimeZoneProvider>
    </AntdProvider>
  );
}
