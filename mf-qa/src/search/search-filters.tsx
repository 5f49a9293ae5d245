import { paths, type ParsedSearch } from '@agora/shared-api';
import { formatCount } from '@agora/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

/**
 * What the query was understood as (the search syntax): phrases, tags (links to their pages), the
 * author, the answer and score minimums and the kind. Nothing when the query has none of them.
 */
export function SearchFilters({ parsed }: { parsed: ParsedSearch }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const value = (n: number) => formatCount(n, i18n.language);
  const items: { key: string; content: ReactNode }[] = [];

  for (const phrase of parsed.phrases)
    items.push({ key: `p:${phrase}`, content: t('search.filters.phrase', { phrase }) });
  if (parsed.tags.length > 0) {
    items.push({
      key: 'tags',
      content: (
        <>
          {t('search.filters.tags')}{' '}
          {parsed.tags.map((slug, index) => (
            <span key={slug}>
              {index > 0 && ' '}
              <Link className="qa-tag" to={paths.tag(slug)}>
                {slug}
              </Link>
            </span>
          ))}
        </>
      ),
    });
  }
  if (parsed.user) {
    const user = parsed.user;
    items.push({
      key: 'user',
      content:
        user.kind === 'me' ? (
          t('search.filters.user_me')
        ) : (
          <>
            {t('search.filters.user')} <Link to={paths.user(user.username)}>{user.username}</Link>
          </>
        ),
    });
  }
  if (parsed.answers !== null) {
    items.push({
      key: 'answers',
      content:
        parsed.answers <= 0
          ? t('search.filters.answers_none')
          : t('search.filters.answers', { count: parsed.answers, value: value(parsed.answers) }),
    });
  }
  if (parsed.score !== null) {
    items.push({ key: 'score', content: t('search.filters.score', { value: value(parsed.score) }) });
  }
  if (parsed.is) items.push({ key: 'is', content: t(`search.filters.is_${parsed.is}`) });

  if (items.length === 0) return null;
  return (
    <div className="qa-search-filters">
      <span className="qa-search-filters__label">{t('search.filters.label')}</span>
      <ul className="qa-search-filters__list" aria-label={t('search.filters.label')}>
        {items.map((item) => (
          <li key={item.key} className="qa-search-filters__item">
            {item.content}
          </li>
        ))}
      </ul>
    </div>
  );
}
