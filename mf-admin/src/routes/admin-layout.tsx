import { paths, remoteListQuery } from '@agora/shared-api';
import { useMediaQuery } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { NAMESPACE } from '../expose/routes';
import './admin-layout.css';

/** Admin menu groups; each item is a screen id of this remote and its sub-path. */
const GROUPS: { key: string; items: { screen: string; sub: string }[] }[] = [
  { key: 'dashboard', items: [{ screen: 'dashboard', sub: 'dashboard' }] },
  {
    key: 'contents',
    items: [
      { screen: 'questions', sub: 'questions' },
      { screen: 'answers', sub: 'answers' },
      { screen: 'users', sub: 'users' },
      { screen: 'flags', sub: 'flags' },
      { screen: 'badges', sub: 'badges' },
    ],
  },
  {
    key: 'customize',
    items: [
      { screen: 'themes', sub: 'themes' },
      { screen: 'css-html', sub: 'css-html' },
    ],
  },
  {
    key: 'settings',
    items: [
      { screen: 'general', sub: 'general' },
      { screen: 'interface', sub: 'interface' },
      { screen: 'smtp', sub: 'smtp' },
      { screen: 'branding', sub: 'branding' },
      { screen: 'legal', sub: 'legal' },
      { screen: 'write', sub: 'write' },
      { screen: 'seo', sub: 'seo' },
      { screen: 'login', sub: 'login' },
      { screen: 'settings-users', sub: 'settings-users' },
      { screen: 'privileges', sub: 'privileges' },
    ],
  },
  { key: 'plugins', items: [{ screen: 'installed-plugins', sub: 'installed-plugins' }] },
  { key: 'security', items: [{ screen: 'audit', sub: 'audit' }] },
];

/** Wide enough for the menu beside the page (the large breakpoint). */
const WIDE_MENU = '(min-width: 992px)';

/** The admin area's frame: its menu beside the routed admin page (or a plugin's page). */
export default function AdminLayout() {
  const { t } = useTranslation(NAMESPACE);
  const { data: remoteList } = useQuery(remoteListQuery());
  const plugins = remoteList?.plugins ?? [];
  const wide = useMediaQuery(WIDE_MENU, true);
  const location = useLocation();
  const groups = (
    <>
      {GROUPS.map((group) => (
        <section key={group.key} className="admin-layout__group" aria-labelledby={`admin-group-${group.key}`}>
          <h2 id={`admin-group-${group.key}`} className="admin-layout__group-title">
            {t(`menu.${group.key}`)}
          </h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.sub}>
                <NavLink to={paths.admin(item.sub)} end={item.sub === 'dashboard'}>
                  {t(`screens.${item.screen}`)}
                </NavLink>
              </li>
            ))}
            {group.key === 'plugins' &&
              plugins.map((plugin) => (
                <li key={plugin.slug_name}>
                  <NavLink to={paths.admin(plugin.slug_name)}>{plugin.label ?? plugin.slug_name}</NavLink>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
  return (
    <div className="admin-layout">
      <nav className="admin-layout__menu" aria-label={t('menu.label')}>
        {wide ? (
          groups
        ) : (
          // On phones and tablets the menu folds away above the page; it closes again after each choice.
          <details key={location.pathname} className="admin-layout__fold">
            <summary>{t('menu.label')}</summary>
            {groups}
          </details>
        )}
      </nav>
      <div className="admin-layout__page">
        <Outlet />
      </div>
    </div>
  );
}
