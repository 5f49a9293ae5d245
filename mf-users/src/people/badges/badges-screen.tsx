import { paths, useCurrentUser, useDocumentTitle } from '@agora/shared-api';
import type { BadgeSummary } from '@agora/shared-api/contract';
import { badgeCatalogueQuery } from '@agora/shared-api/resources/badge';
import { BadgeIcon, BadgeLevel, formatCount, ListPlaceholder } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import '../common/people.css';
import './badges.css';

function BadgeCard({ badge }: { badge: BadgeSummary }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <li className="badges-card">
      <BadgeIcon icon={badge.icon} level={badge.level} size={28} />
      <div className="badges-card__body">
        <Link className="badges-card__name" to={paths.badge(badge.id)}>
          {badge.name}
        </Link>
        <span className="badges-card__meta">
          <BadgeLevel level={badge.level} />
          <span>
            {t('badges.catalogue.awarded', {
              count: badge.award_count,
              value: formatCount(badge.award_count, i18n.language),
            })}
          </span>
        </span>
        {badge.earned_count > 0 && (
          <span className="badges-earned">{t('badges.catalogue.earned', { count: badge.earned_count })}</span>
        )}
      </div>
    </li>
  );
}

function Group({ name, badges }: { name: string; badges: BadgeSummary[] }) {
  const id = useId();
  return (
    <section className="people-section" aria-labelledby={id}>
      <h2 id={id} className="people-section__title">
        {name}
      </h2>
      <ul className="badges-grid">
        {badges.map((badge) => (
          <BadgeCard key={badge.id} badge={badge} />
        ))}
      </ul>
    </section>
  );
}

/** /badges: every active badge by group, with its level, how many members earned it and the viewer's own. */
export default function BadgesScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useCurrentUser();
  const catalogue = useQuery(badgeCatalogueQuery(user?.id ?? ''));
  useDocumentTitle(t('badges.catalogue.title'));
  const groups = (catalogue.data ?? []).filter((group) => group.badges.length > 0);

  return (
    <div className="people-page badges-page">
      <h1 className="people-page__title">{t('badges.catalogue.title')}</h1>
      <p className="people-muted">{t('badges.catalogue.intro')}</p>
      {catalogue.isPending ? (
        <ListPlaceholder rows={6} />
      ) : catalogue.isError ? (
        <p role="alert" className="people-muted">
          {t('people.common.load_failed')}
        </p>
      ) : groups.length === 0 ? (
        <p className="people-muted">{t('badges.catalogue.empty')}</p>
      ) : (
        groups.map((group) => <Group key={group.group_name} name={group.group_name} badges={group.badges} />)
      )}
    </div>
  );
}
