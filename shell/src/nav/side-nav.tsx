import { paths, useCurrentUser } from '@agora/shared-api';
import { CountBadge } from '@agora/shared-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ChevronIcon } from '../header/icons';
import { useNotificationStatus } from '../session/hooks';

/** Pages under /users that belong to the member themselves, not to the member list. */
const PERSONAL_PAGES = ['/users/notifications', paths.settings()];

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'side-nav__link is-active' : 'side-nav__link');

/**
 * Side navigation: Questions (also active at /), Tags, Users, Badges, and the Moderation group with
 * Review (pending count badge) and Admin (role 2 only). The group shows when the user may review
 * (can_revision) or is an administrator; its children collapse.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const status = useNotificationStatus();
  const groupId = useId();
  const [expanded, setExpanded] = useState(true);

  const isAdmin = user?.role_id === 2;
  const showModeration = !!status?.can_revision || isAdmin;
  const questionsActive = pathname === '/' || pathname === '/questions' || pathname.startsWith('/questions/');
  // Users is the member list and profiles; one's own notifications and settings live under /users too.
  const usersActive =
    (pathname === paths.users() || pathname.startsWith(`${paths.users()}/`)) &&
    !PERSONAL_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));

  return (
    <nav
      className="side-nav"
      aria-label={t('nav.label')}
      onClick={(e) => (e.target as HTMLElement).closest('a') && onNavigate?.()}
    >
      <ul className="side-nav__list">
        <li>
          <Link
            to={paths.questions()}
            className={linkClass({ isActive: questionsActive })}
            aria-current={questionsActive ? 'page' : undefined}
          >
            {t('nav.questions')}
          </Link>
        </li>
        <li>
          <NavLink to={paths.tags()} className={linkClass}>
            {t('nav.tags')}
          </NavLink>
        </li>
        <li>
          <Link
            to={paths.users()}
            className={linkClass({ isActive: usersActive })}
            aria-current={usersActive ? 'page' : undefined}
          >
            {t('nav.users')}
          </Link>
        </li>
        <li>
          <NavLink to={paths.badges()} className={linkClass}>
            {t('nav.badges')}
          </NavLink>
        </li>
      </ul>
      {showModeration && (
        <div className="side-nav__group">
          <button
            type="button"
            className="side-nav__group-toggle"
            aria-expanded={expanded}
            aria-controls={groupId}
            onClick={() => setExpanded((value) => !value)}
          >
            <span>{t('nav.moderation')}</span>
            <ChevronIcon />
          </button>
          <ul id={groupId} className="side-nav__list side-nav__list--nested" hidden={!expanded}>
            <li>
              <NavLink to={paths.review()} className={linkClass}>
                <span>{t('nav.review')}</span>{' '}
                <CountBadge
                  count={status?.revision ?? 0}
                  label={t('nav.review_pending', { count: status?.revision ?? 0 })}
                />
              </NavLink>
            </li>
            {isAdmin && (
              <li>
                <NavLink to={paths.admin()} className={linkClass}>
                  {t('nav.admin')}
                </NavLink>
              </li>
            )}
          </ul>
        </div>
      )}
    </nav>
  );
}
