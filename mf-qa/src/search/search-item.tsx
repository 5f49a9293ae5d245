import { answerPath, paths, questionPath, type Permalink } from '@agora/shared-api';
import { formatCount, RelativeTime } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { CheckIcon } from '../common/list-icons';
import type { SearchItem } from './api';
import { Highlighted } from './highlight';
import { TagLinks } from '../common/tag-links';

/**
 * One hit: its kind (Q or A), votes, the question's answers, the title linking to the
 * question or to the answer, the excerpt with the searched words marked, tags, author and time.
 */
export function SearchResult({
  item,
  terms,
  permalink,
  timeZone,
}: {
  item: SearchItem;
  terms: readonly string[];
  permalink: Permalink;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const count = (key: string, value: number) => t(key, { count: value, value: formatCount(value, i18n.language) });
  const { object_type: kind, object: hit } = item;
  const href =
    kind === 'answer'
      ? answerPath(hit.question_id, hit.id, hit.url_title, permalink)
      : questionPath(hit.question_id, hit.url_title, permalink);
  const user = hit.user_info;
  const userName = user.display_name || user.username;
  return (
    <li className={`qa-item qa-search-hit qa-search-hit--${kind}`}>
      <h2 className="qa-item__title qa-search-hit__title">
        <span className={`qa-search-kind qa-search-kind--${kind}`} title={t(`search.kind.${kind}`)}>
          <span aria-hidden="true">{t(`search.kind_short.${kind}`)}</span>
          <span className="qa-visually-hidden">{t(`search.kind.${kind}`)}</span>
        </span>{' '}
        <Link to={href}>
          <Highlighted text={hit.title} terms={terms} />
        </Link>
        {hit.status === 'closed' && <span className="qa-badge qa-badge--closed">{t('search.closed')}</span>}
        {kind === 'answer' && hit.accepted && (
          <span className="qa-badge qa-badge--accepted">{t('search.accepted_answer')}</span>
        )}
      </h2>
      {hit.excerpt && (
        <p className="qa-item__excerpt qa-search-hit__excerpt">
          <Highlighted text={hit.excerpt} terms={terms} />
        </p>
      )}
      <TagLinks tags={hit.tags} label={t('search.tags')} />
      <div className="qa-item__meta">
        <span className="qa-item__operation">
          {user.username ? (
            <Link className="qa-item__user" to={paths.user(user.username)}>
              {userName}
            </Link>
          ) : (
            <span className="qa-item__user">{t('search.deleted_user')}</span>
          )}{' '}
          <span className="qa-item__action">{t(`search.operation.${kind}`)}</span>{' '}
          <RelativeTime time={hit.created_at} timeZone={timeZone} />
        </span>
        <ul className="qa-counts" aria-label={t('search.stats')}>
          <li className="qa-count">{count('search.votes', hit.vote_count)}</li>
          {kind === 'question' && (
            <li className={`qa-count${hit.accepted ? ' qa-count--accepted' : ''}`}>
              {hit.accepted && <CheckIcon />}
              {count('search.answers', hit.answer_count)}
              {hit.accepted && <span className="qa-visually-hidden">{t('search.accepted')}</span>}
            </li>
          )}
        </ul>
      </div>
    </li>
  );
}
