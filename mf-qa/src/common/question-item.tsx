import { paths, questionPath, type Permalink } from '@agora/shared-api';
import { formatCount, RelativeTime, UserAvatar } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import type { QuestionPageItem } from './question-list';
import { CheckIcon } from './list-icons';
import { TagLinks } from './tag-links';

const PINNED = 2;
const CLOSED = 2;

export const isAccepted = (item: Pick<QuestionPageItem, 'accepted_answer_id'>) =>
  !!item.accepted_answer_id && item.accepted_answer_id !== '0';

/** Question list item: title, badges, excerpt, tags, who did what when, and the counts. */
export function QuestionItem({
  item,
  permalink,
  timeZone,
}: {
  item: QuestionPageItem;
  permalink: Permalink;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const count = (key: string, value: number) => t(key, { count: value, value: formatCount(value, i18n.language) });
  const operator = item.operator;
  const operatorName = operator.display_name || operator.username;
  const accepted = isAccepted(item);
  return (
    <li className="qa-item">
      <h2 className="qa-item__title">
        <Link to={questionPath(item.id, item.url_title, permalink)}>{item.title}</Link>
        {item.pin === PINNED && <span className="qa-badge qa-badge--pinned">{t('questions.list.pinned')}</span>}
        {item.status === CLOSED && <span className="qa-badge qa-badge--closed">{t('questions.list.closed')}</span>}
      </h2>
      {item.description && <p className="qa-item__excerpt">{item.description}</p>}
      <TagLinks tags={item.tags} label={t('questions.list.tags')} />
      <div className="qa-item__meta">
        <span className="qa-item__operation">
          {operator.username ? (
            <Link className="qa-item__user" to={paths.user(operator.username)}>
              <UserAvatar avatar={operator.avatar} name={operatorName} size={24} />
              <span>{operatorName}</span>
            </Link>
          ) : (
            <span className="qa-item__user">{t('questions.list.deleted_user')}</span>
          )}{' '}
          <span className="qa-item__action">{t(`questions.list.operation.${item.operation_type}`)}</span>{' '}
          <RelativeTime time={item.operated_at} timeZone={timeZone} />
        </span>
        <ul className="qa-counts" aria-label={t('questions.list.stats')}>
          <li className="qa-count">{count('questions.list.votes', item.vote_count)}</li>
          <li className={`qa-count${accepted ? ' qa-count--accepted' : ''}`}>
            {accepted && <CheckIcon />}
            {count('questions.list.answers', item.answer_count)}
            {accepted && <span className="qa-visually-hidden">{t('questions.list.accepted')}</span>}
          </li>
          <li className="qa-count">{count('questions.list.views', item.view_count)}</li>
        </ul>
      </div>
    </li>
  );
}
