import { answerPath, paths, questionPath, useCurrentUser, useDocumentTitle, type Permalink } from '@agora/shared-api';
import type { BadgeAwardItem, BadgeDetail } from '@agora/shared-api/contract';
import { BADGE_AWARDS_PAGE_SIZE, badgeAwardsQuery, badgeQuery } from '@agora/shared-api/resources/badge';
import {
  BadgeIcon,
  BadgeLevel,
  formatCount,
  formatFullTime,
  ListPlaceholder,
  Pagination,
  SortButtonGroup,
  useTimeZone,
} from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { UserAvatar } from '../common/avatar';
import { usePage } from '../common/page-address';
import { useSharedUiT, useSite } from '../../common/site';
import '../common/people.css';
import './badges.css';

type Whose = 'all' | 'mine';

/** The post an award was for: the question, or the answer in its question (a comment: the post it is on). */
function postLink(item: BadgeAwardItem, permalink: Permalink): string {
  return item.answer_id && item.answer_id !== '0'
    ? answerPath(item.question_id, item.answer_id, item.url_title, permalink)
    : questionPath(item.question_id, item.url_title, permalink);
}

const POST_TYPES = ['question', 'answer', 'comment'] as const;

function Recipient({ item, timeZone, permalink }: { item: BadgeAwardItem; timeZone: string; permalink: Permalink }) {
  const { t } = useTranslation(NAMESPACE);
  const shared = useSharedUiT();
  const user = item.author_user_info;
  const name = user.display_name || user.username;
  const postType = POST_TYPES.find((type) => type === item.object_type) ?? 'question';
  return (
    <li className="badges-recipient">
      <UserAvatar avatar={user.avatar} name={name} size={32} />
      <div className="badges-recipient__body">
        <Link className="badges-recipient__name" to={paths.user(user.username)}>
          {name}
        </Link>
        <time className="people-muted" dateTime={new Date(item.created_at * 1000).toISOString()}>
          {t('badges.detail.awarded_on', { date: formatFullTime(item.created_at, { t: shared.t, timeZone }) })}
        </time>
        {item.object_id && item.question_id && (
          <Link to={postLink(item, permalink)}>{t(`badges.detail.for_${postType}`)}</Link>
        )}
      </div>
    </li>
  );
}

function Recipients({ badge, username }: { badge: BadgeDetail; username: string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const [page, hrefFor] = usePage();
  const { permalink } = useSite();
  // The reader's zone, as the shell provides it (their own setting, else the site's).
  const timeZone = useTimeZone();
  const headingId = useId();
  // 'Mine' needs someone logged in; a visitor's `?mine` is ignored.
  const whose: Whose = username && params.get('mine') === '1' ? 'mine' : 'all';
  const awards = useQuery(badgeAwardsQuery(badge.id, page, whose === 'mine' ? username : ''));

  return (
    <section aria-labelledby={headingId}>
      <div className="badges-recipients__head">
        <h2 id={headingId} className="people-section__title">
          {t('badges.detail.recipients')}
        </h2>
        {username && (
          <SortButtonGroup<Whose>
            label={t('badges.detail.filter_label')}
            options={[
              { value: 'all', label: t('badges.detail.filter_all') },
              { value: 'mine', label: t('badges.detail.filter_mine') },
            ]}
            value={whose}
            // Changing whose awards are shown drops the page.
            hrefFor={(value) => (value === 'mine' ? '?mine=1' : '?')}
          />
        )}
      </div>
      {awards.isPending ? (
        <ListPlaceholder />
      ) : awards.isError ? (
        <p role="alert" className="people-muted">
          {t('people.common.load_failed')}
        </p>
      ) : awards.data.list.length === 0 ? (
        <p className="people-muted">{t(whose === 'mine' ? 'badges.detail.none_mine' : 'badges.detail.none')}</p>
      ) : (
        <>
          <ul className="badges-recipients">
            {awards.data.list.map((item, index) => (
              // A member can hold a per-post badge several times: rows are keyed by place.
              <Recipient key={index} item={item} timeZone={timeZone} permalink={permalink} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={BADGE_AWARDS_PAGE_SIZE}
            total={awards.data.count}
            hrefFor={hrefFor}
            label={t('badges.detail.recipients_pages')}
          />
        </>
      )}
    </section>
  );
}

/** /badges/{id}: the badge (icon, name, level, what earns it, how often) and its recipients, newest first. */
export default function BadgeScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { badgeId = '' } = useParams();
  const { user } = useCurrentUser();
  const badge = useQuery({ ...badgeQuery(badgeId, user?.id ?? ''), enabled: !!badgeId });
  useDocumentTitle(badge.data?.name ?? null);

  if (badge.isPending) return <ListPlaceholder rows={3} />;
  if (badge.isError) {
    return (
      <p role="alert" className="people-muted">
        {t('people.common.load_failed')}
      </p>
    );
  }
  const data = badge.data;
  return (
    <div className="people-page badges-page">
      <header className="badges-detail__head">
        <BadgeIcon icon={data.icon} level={data.level} size={48} />
        <div>
          <h1 className="people-page__title">{data.name}</h1>
          {data.description && <p className="badges-detail__description">{data.description}</p>}
          <ul className="badges-detail__facts people-muted">
            <li>
              <BadgeLevel level={data.level} />
            </li>
            <li>{t(data.is_single ? 'badges.detail.single' : 'badges.detail.multiple')}</li>
            <li>
              {t('badges.catalogue.awarded', {
                count: data.award_count,
                value: formatCount(data.award_count, i18n.language),
              })}
            </li>
            {data.earned_count > 0 && (
              <li>
                <span className="badges-earned">{t('badges.catalogue.earned', { count: data.earned_count })}</span>
              </li>
            )}
          </ul>
        </div>
      </header>
      <Recipients badge={data} username={user?.username} />
    </div>
  );
}
