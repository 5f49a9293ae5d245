import { paths, useDocumentTitle } from '@agora/shared-api';
import { rankingQuery } from '@agora/shared-api/resources/profile';
import { CardPlaceholder, formatCount } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { type RankingUser } from '../common/api';
import { UserAvatar } from '../common/avatar';
import '../common/people.css';

type Metric = 'reputation' | 'votes' | 'none';

function UserCard({ user, metric }: { user: RankingUser; metric: Metric }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const name = user.display_name || user.username;
  return (
    <li className="people-card">
      <UserAvatar avatar={user.avatar} name={name} size={40} />
      <div className="people-card__body">
        <Link className="people-card__name" to={paths.user(user.username)}>
          {name}
        </Link>
        {metric === 'reputation' && (
          <span className="people-card__meta">
            {t('people.list.reputation', { count: user.rank, value: formatCount(user.rank, i18n.language) })}
          </span>
        )}
        {metric === 'votes' && (
          <span className="people-card__meta">
            {t('people.list.votes', {
              count: user.vote_count ?? 0,
              value: formatCount(user.vote_count ?? 0, i18n.language),
            })}
          </span>
        )}
        {metric === 'none' && <span className="people-card__meta">@{user.username}</span>}
      </div>
    </li>
  );
}

function Section({
  id,
  title,
  users,
  metric,
  empty,
}: {
  id: string;
  title: string;
  users: RankingUser[];
  metric: Metric;
  empty: string;
}) {
  return (
    <section className="people-section" aria-labelledby={id}>
      <h2 id={id} className="people-section__title">
        {title}
      </h2>
      {users.length === 0 ? (
        <p className="people-muted">{empty}</p>
      ) : (
        <ul className="people-cards">
          {users.map((user) => (
            <UserCard key={user.username} user={user} metric={metric} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /users: the reputation leaders, the most active voters and the staff (GET user/ranking). */
export default function UserListScreen() {
  const { t } = useTranslation(NAMESPACE);
  const ranking = useQuery(rankingQuery());
  const data = ranking.data;
  useDocumentTitle(t('people.list.title'));

  return (
    <div className="people-page">
      <h1 className="people-page__title">{t('people.list.title')}</h1>
      {ranking.isPending ? (
        <CardPlaceholder cards={20} />
      ) : ranking.isError || !data ? (
        <p role="alert" className="people-muted">
          {t('people.common.load_failed')}
        </p>
      ) : (
        <>
          <Section
            id="people-most-reputation"
            title={t('people.list.most_reputation')}
            users={data.users_with_the_most_reputation ?? []}
            metric="reputation"
            empty={t('people.list.no_reputation')}
          />
          {(data.users_with_the_most_vote ?? []).length > 0 && (
            <Section
              id="people-most-votes"
              title={t('people.list.most_votes')}
              users={data.users_with_the_most_vote}
              metric="votes"
              empty=""
            />
          )}
          <Section
            id="people-staff"
            title={t('people.list.staff')}
            users={data.staffs ?? []}
            metric="reputation"
            empty={t('people.list.no_staff')}
          />
        </>
      )}
    </div>
  );
}
