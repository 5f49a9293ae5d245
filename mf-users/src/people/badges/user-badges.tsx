import { paths } from '@agora/shared-api';
import type { UserBadge } from '@agora/shared-api/contract';
import { recentUserBadgesQuery, userBadgesQuery } from '@agora/shared-api/resources/badge';
import { BadgeIcon, BadgeLevel, EmptyList, ListPlaceholder } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import './badges.css';

/** One badge a member holds: its icon, name (a link to its page), level and how many times. */
function BadgeChip({ badge }: { badge: UserBadge }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <li className="badges-chip">
      <BadgeIcon icon={badge.icon} level={badge.level} />
      <span className="badges-chip__text">
        <Link className="badges-chip__name" to={paths.badge(badge.id)}>
          {badge.name}
        </Link>
        <span className="badges-chip__times">
          <BadgeLevel level={badge.level} />{' '}
          {badge.earned_count > 1 && (
            <>
              <span aria-hidden="true">{t('badges.profile.times', { count: badge.earned_count })}</span>
              <span className="agora-visually-hidden">
                {t('badges.profile.times_label', { count: badge.earned_count })}
              </span>
            </>
          )}
        </span>
      </span>
    </li>
  );
}

function BadgeChips({ list }: { list: UserBadge[] }) {
  return (
    <ul className="badges-list">
      {list.map((badge) => (
        <BadgeChip key={badge.id} badge={badge} />
      ))}
    </ul>
  );
}

/** The profile's Badges tab: every badge the member holds, with how many times (GET badge/user/awards). */
export function UserBadgesTab({ username }: { username: string }) {
  const { t } = useTranslation(NAMESPACE);
  const badges = useQuery(userBadgesQuery(username));
  return (
    <div className="people-tab">
      <div className="people-tab__head">
        <h2 className="people-tab__title">
          {badges.data ? t('badges.profile.count', { count: badges.data.count }) : t('badges.profile.tab')}
        </h2>
      </div>
      {badges.isPending ? (
        <ListPlaceholder />
      ) : badges.isError ? (
        <p role="alert" className="people-muted">
          {t('people.common.load_failed')}
        </p>
      ) : badges.data.list.length === 0 ? (
        <EmptyList />
      ) : (
        <BadgeChips list={badges.data.list} />
      )}
    </div>
  );
}

/** The overview's Recent badges card: the member's latest ten, each linking to its page, and the whole list. */
export function RecentBadgesCard({ username }: { username: string }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const recent = useQuery(recentUserBadgesQuery(username));
  // A card beside the member's posts: while it loads or when it fails it takes no room.
  if (!recent.data) return null;
  return (
    <section className="badges-recent" aria-labelledby={headingId}>
      <h2 id={headingId} className="people-tab__title">
        {t('badges.profile.recent')}
      </h2>
      {recent.data.list.length === 0 ? (
        <p className="people-muted">{t('badges.profile.empty')}</p>
      ) : (
        <>
          <BadgeChips list={recent.data.list} />
          <p>
            <Link to={paths.userTab(username, 'badges')}>{t('badges.profile.all')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
