import { personalPageQuery, topQuery } from '@agora/shared-api/resources/profile';
import { answerPath, questionPath, paths, type Permalink } from '@agora/shared-api';
import { EmptyList, formatCount, ListPlaceholder, Pagination, RelativeTime, SortButtonGroup } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import {
  PAGE_SIZE,
  type BookmarkItem,
  type CommentItem,
  type RankItem,
  type UserAnswer,
  type UserQuestion,
  type VoteItem,
} from '../common/api';
import { RecentBadgesCard, UserBadgesTab } from '../badges/user-badges';
import { textOf } from '../common/html';
import { usePage } from '../common/page-address';

interface TagBrief {
  slug_name: string;
  display_name: string;
}

/** What a question row shows (a member's question or a bookmarked one). */
type QuestionRowItem = Pick<
  UserQuestion,
  'question_id' | 'title' | 'url_title' | 'vote_count' | 'answer_count' | 'created_at'
> & {
  tags?: TagBrief[];
};

export type ProfileTabName =
  'overview' | 'answers' | 'questions' | 'badges' | 'bookmarks' | 'reputation' | 'comments' | 'votes';

/** Profile tabs; bookmarks and votes are the owner's own. */
export const PROFILE_TABS: readonly { name: ProfileTabName; ownerOnly?: boolean }[] = [
  { name: 'overview' },
  { name: 'answers' },
  { name: 'questions' },
  { name: 'badges' },
  { name: 'bookmarks', ownerOnly: true },
  { name: 'reputation' },
  { name: 'comments' },
  { name: 'votes', ownerOnly: true },
];

/** A tab's name (the badges area keeps its own texts). */
export const tabLabelKey = (tab: ProfileTabName) =>
  tab === 'badges' ? 'badges.profile.tab' : `people.profile.tab.${tab}`;

const ORDERS = ['newest', 'score'] as const;
type Order = (typeof ORDERS)[number];

function Tags({ tags }: { tags?: TagBrief[] }) {
  if (!tags?.length) return null;
  return (
    <ul className="people-tags">
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <Link to={paths.tag(tag.slug_name)} className="people-tag">
            {tag.display_name || tag.slug_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Row({ stats, title, meta }: { stats?: ReactNode; title: ReactNode; meta?: ReactNode }) {
  return (
    <li className="people-row">
      {stats && <div className="people-row__stats">{stats}</div>}
      <div className="people-row__main">
        <div className="people-row__title">{title}</div>
        {meta && <div className="people-row__meta">{meta}</div>}
      </div>
    </li>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  const { i18n } = useTranslation(NAMESPACE);
  return (
    <span className="people-stat">
      <strong>{formatCount(value, i18n.language)}</strong> {label}
    </span>
  );
}

function QuestionRow({ item, permalink }: { item: QuestionRowItem; permalink: Permalink }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Row
      stats={
        <>
          <Stat value={item.vote_count} label={t('people.profile.votes', { count: item.vote_count })} />
          <Stat value={item.answer_count} label={t('people.profile.answers', { count: item.answer_count })} />
        </>
      }
      title={<Link to={questionPath(item.question_id, item.url_title, permalink)}>{item.title}</Link>}
      meta={
        <>
          <Tags tags={item.tags} />
          {item.created_at > 0 && <RelativeTime time={item.created_at} />}
        </>
      }
    />
  );
}

function AnswerRow({ item, permalink }: { item: UserAnswer; permalink: Permalink }) {
  const { t } = useTranslation(NAMESPACE);
  const accepted = item.accepted === 2;
  return (
    <Row
      stats={
        <>
          <Stat value={item.vote_count} label={t('people.profile.votes', { count: item.vote_count })} />
          {accepted && <span className="people-accepted">{t('people.profile.accepted')}</span>}
        </>
      }
      title={
        <Link to={answerPath(item.question_id, item.answer_id, item.question_info?.url_title, permalink)}>
          {item.question_info?.title ?? item.question_id}
        </Link>
      }
      meta={
        <>
          <Tags tags={item.question_info?.tags} />
          {item.create_time > 0 && <RelativeTime time={item.create_time} />}
        </>
      }
    />
  );
}

/** Link to the question or answer an activity row is about. */
function objectLink(
  item: { question_id: string; answer_id?: string; url_title?: string; title: string },
  permalink: Permalink,
) {
  // A change not about a post (the account's own, e.g. its activation) has nothing to link to.
  if (!item.question_id) return <span>{item.title}</span>;
  const to = item.answer_id
    ? answerPath(item.question_id, item.answer_id, item.url_title, permalink)
    : questionPath(item.question_id, item.url_title, permalink);
  return <Link to={to}>{item.title}</Link>;
}

function List<T>({ items, render }: { items: T[]; render: (item: T, index: number) => ReactNode }) {
  if (items.length === 0) return <EmptyList />;
  return <ul className="people-rows">{items.map((item, index) => render(item, index))}</ul>;
}

interface PagedProps<T> {
  username: string;
  tab: ProfileTabName;
  path: string;
  withUsername?: boolean;
  sortable?: boolean;
  render: (item: T, index: number) => ReactNode;
}

function PagedTab<T>({ username, tab, path, withUsername = true, sortable = false, render }: PagedProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const [page, hrefFor] = usePage();
  const rawOrder = params.get('order');
  const order: Order = (ORDERS as readonly string[]).includes(rawOrder ?? '') ? (rawOrder as Order) : 'newest';
  const query: Record<string, string | number> = { page, page_size: PAGE_SIZE };
  if (withUsername) query.username = username;
  if (sortable) query.order = order;
  const result = useQuery(personalPageQuery<T>(username, tab, path, query));

  return (
    <div className="people-tab">
      <div className="people-tab__head">
        <h2 className="people-tab__title">
          {result.data
            ? t(`people.profile.count.${tab}`, { count: result.data.count })
            : t(`people.profile.tab.${tab}`)}
        </h2>
        {sortable && (
          <SortButtonGroup
            label={t('people.profile.sort')}
            options={ORDERS.map((value) => ({ value, label: t(`people.profile.order.${value}`) }))}
            value={order}
            // Changing the sort drops the page.
            hrefFor={(value) => (value === 'newest' ? '?' : `?order=${value}`)}
          />
        )}
      </div>
      {result.isPending ? (
        <ListPlaceholder />
      ) : result.isError || !result.data ? (
        <p role="alert" className="people-muted">
          {t('people.common.load_failed')}
        </p>
      ) : (
        <>
          <List items={result.data.list ?? []} render={render} />
          <Pagination page={page} pageSize={PAGE_SIZE} total={result.data.count} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}

function Overview({ username, permalink }: { username: string; permalink: Permalink }) {
  const { t } = useTranslation(NAMESPACE);
  const top = useQuery(topQuery(username));
  if (top.isPending) return <ListPlaceholder rows={5} />;
  if (top.isError || !top.data) {
    return (
      <p role="alert" className="people-muted">
        {t('people.common.load_failed')}
      </p>
    );
  }
  return (
    <div className="people-overview">
      <section aria-labelledby="people-top-answers">
        <h2 id="people-top-answers" className="people-tab__title">
          {t('people.profile.top_answers')}
        </h2>
        <List
          items={top.data.answer ?? []}
          render={(item) => <AnswerRow key={item.answer_id} item={item} permalink={permalink} />}
        />
      </section>
      <section aria-labelledby="people-top-questions">
        <h2 id="people-top-questions" className="people-tab__title">
          {t('people.profile.top_questions')}
        </h2>
        <List
          items={top.data.question ?? []}
          render={(item) => <QuestionRow key={item.question_id} item={item} permalink={permalink} />}
        />
      </section>
      <RecentBadgesCard username={username} />
    </div>
  );
}

export interface ProfileTabProps {
  tab: ProfileTabName;
  username: string;
  isOwner: boolean;
  permalink: Permalink;
}

/** The content of one profile tab: real lists from the personal/* pages, nothing invented. */
export function ProfileTab({ tab, username, isOwner, permalink }: ProfileTabProps) {
  const { t } = useTranslation(NAMESPACE);
  switch (tab) {
    case 'overview':
      return <Overview username={username} permalink={permalink} />;
    case 'answers':
      return (
        <PagedTab<UserAnswer>
          username={username}
          tab={tab}
          path="personal/answer/page"
          sortable
          render={(item) => <AnswerRow key={item.answer_id} item={item} permalink={permalink} />}
        />
      );
    case 'questions':
      return (
        <PagedTab<UserQuestion>
          username={username}
          tab={tab}
          path="personal/question/page"
          sortable
          render={(item) => <QuestionRow key={item.question_id} item={item} permalink={permalink} />}
        />
      );
    case 'badges':
      return <UserBadgesTab username={username} />;
    case 'reputation':
      return (
        <PagedTab<RankItem>
          username={username}
          tab={tab}
          path="personal/rank/page"
          // Two changes can share object, time and kind (two votes in one second): rows are keyed by place.
          render={(item, index) => (
            <Row
              key={index}
              stats={
                <span className={`people-rep ${item.reputation < 0 ? 'is-negative' : 'is-positive'}`}>
                  {item.reputation > 0 ? `+${item.reputation}` : item.reputation}
                </span>
              }
              title={objectLink(item, permalink)}
              meta={
                <>
                  <span>{item.rank_type}</span>
                  {item.created_at > 0 && <RelativeTime time={item.created_at} />}
                </>
              }
            />
          )}
        />
      );
    case 'comments':
      return (
        <PagedTab<CommentItem>
          username={username}
          tab={tab}
          path="personal/comment/page"
          render={(item) => (
            <Row
              key={item.comment_id}
              title={objectLink(item, permalink)}
              meta={
                <>
                  <span className="people-row__excerpt">{textOf(item.content)}</span>
                  {item.created_at > 0 && <RelativeTime time={item.created_at} />}
                </>
              }
            />
          )}
        />
      );
    case 'bookmarks':
    case 'votes':
      if (!isOwner) return <p className="people-muted">{t('people.profile.owner_only')}</p>;
      return tab === 'bookmarks' ? (
        <PagedTab<BookmarkItem>
          username={username}
          tab={tab}
          path="personal/collection/page"
          withUsername={false}
          render={(item) => (
            <QuestionRow
              key={item.id}
              permalink={permalink}
              item={{
                question_id: item.id,
                title: item.title,
                url_title: item.url_title,
                vote_count: item.vote_count,
                answer_count: item.answer_count,
                tags: item.tags,
                created_at: item.create_time,
              }}
            />
          )}
        />
      ) : (
        <PagedTab<VoteItem>
          username={username}
          tab={tab}
          path="personal/vote/page"
          withUsername={false}
          render={(item, index) => (
            <Row
              key={index}
              stats={<span className="people-vote-type">{item.vote_type}</span>}
              title={objectLink(item, permalink)}
              meta={item.created_at > 0 && <RelativeTime time={item.created_at} />}
            />
          )}
        />
      );
  }
}
