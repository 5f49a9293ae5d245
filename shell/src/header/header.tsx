import { paths, useCurrentUser } from '@agora/shared-api';
import { Dot } from '@agora/shared-ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { pageErrorAtom } from '../app/page-error';
import { SideNav } from '../nav/side-nav';
import { useNotificationStatus, useSiteInfo } from '../session/hooks';
import { BadgeAwardToast } from './badge-award-toast';
import { BellIcon, MenuIcon, TrophyIcon } from './icons';
import { SearchForm } from './search-form';
import { UserMenu } from './user-menu';

function Brand() {
  const { t } = useTranslation('shell');
  const site = useSiteInfo();
  const name = site?.general.name ?? '';
  const logo = site?.branding.logo;
  const mobileLogo = site?.branding.mobile_logo;
  return (
    <Link to={paths.home()} className="site-header__brand" aria-label={name ? undefined : t('header.home')}>
      {logo ? (
        <picture>
          {mobileLogo && <source media="(max-width: 767.98px)" srcSet={mobileLogo} />}
          <img className="site-header__logo" src={logo} alt={name || t('header.home')} />
        </picture>
      ) : (
        <span className="site-header__name">{name}</span>
      )}
    </Link>
  );
}

function NotificationLinks() {
  const { t } = useTranslation('shell');
  const status = useNotificationStatus();
  return (
    <>
      <BadgeAwardToast />
      <Link to={paths.notifications('inbox')} className="site-header__icon" title={t('header.inbox')}>
        <BellIcon />
        <span className="visually-hidden">{t('header.inbox')}</span>{' '}
        <Dot visible={(status?.inbox ?? 0) > 0} label={t('header.unread')} />
      </Link>
      <Link to={paths.notifications('achievement')} className="site-header__icon" title={t('header.achievement')}>
        <TrophyIcon />
        <span className="visually-hidden">{t('header.achievement')}</span>{' '}
        <Dot visible={(status?.achievement ?? 0) > 0} label={t('header.unread')} />
      </Link>
    </>
  );
}

/**
 * Header: brand, search, ask, and either log in / sign up or the notification links and the
 * avatar menu. Below the lg breakpoint a menu button opens the side navigation.
 * A visitor of a site that requires login gets no search box and no ask button (both lead to pages
 * only members reach); while the maintenance page is shown there is nothing to log in or sign up to.
 */
export function Header() {
  const { t } = useTranslation('shell');
  const site = useSiteInfo();
  const { user } = useCurrentUser();
  const location = useLocation();
  const pageError = useAtomValue(pageErrorAtom);
  const membersOnly = !!site?.login.login_required && !user;
  const underMaintenance =
    location.pathname === paths.maintenance() ||
    pageError === 'maintenance' ||
    (!!site?.maintenance && user?.role_id !== 2 && location.pathname !== paths.login());
  const [navOpen, setNavOpen] = useState(false);
  const [navPath, setNavPath] = useState(location.pathname);
  // Navigating closes the menu panel.
  if (navPath !== location.pathname) {
    setNavPath(location.pathname);
    setNavOpen(false);
  }

  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && setNavOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  // A site that is not installed yet has nothing to search, ask or log in to: only the installer runs.
  if (site?.installed === false) {
    return (
      <header className="site-header" data-toasts-below="">
        <div className="site-header__bar">
          <Brand />
        </div>
      </header>
    );
  }

  return (
    <header className="site-header" data-toasts-below="">
      <div className="site-header__bar">
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={navOpen}
          aria-controls="mobile-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <MenuIcon />
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <Brand />
        {!membersOnly && <SearchForm />}
        <div className="site-header__actions">
          {!membersOnly && (
            <Link to={paths.ask()} className="site-header__button site-header__button--outline">
              {t('header.ask')}
            </Link>
          )}
          {user ? (
            <>
              <NotificationLinks />
              <UserMenu user={user} />
            </>
          ) : (
            !underMaintenance && (
              <>
                <Link to={paths.login()} className="site-header__button site-header__button--plain">
                  {t('header.login')}
                </Link>
                {site?.login.allow_new_registrations && (
                  <Link to={paths.register()} className="site-header__button site-header__button--solid">
                    {t('header.signup')}
                  </Link>
                )}
              </>
            )
          )}
        </div>
      </div>
      <div id="mobile-nav" className="site-header__mobile-nav" hidden={!navOpen}>
        {navOpen && <SideNav onNavigate={() => setNavOpen(false)} />}
      </div>
    </header>
  );
}
