import { type ParsedSearch, paths } from '@agora/shared-api';
import { tagCardQuery } from '@agora/shared-api/resources/tag';
import { formatCount } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

/** The one tag a query asks for, when it asks for nothing else (`[tag]`). */
export function singleTagOf(parsed: ParsedSearch): string | null {
  const only =
    parsed.tags.length === 1 &&
    parsed.words.length === 0 &&
    parsed.phrases.length === 0 &&
    !parsed.user &&
    parsed.answers === null &&
    parsed.score === null &&
    !parsed.is;
  return only ? (parsed.tags[0] ?? null) : null;
}

/** A `[tag]` search's header card: the tag's name, excerpt and a link to its page (nothing if it is unknown). */
export function SearchTagCard({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const headingId = useId();
  const { data: tag } = useQuery(tagCardQuery(slug));
  if (!tag) return null;
  const name = tag.display_name || tag.slug_name;
  return (
    <section className="qa-search-tag" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-search-tag__name">
        {name}
      </h2>
      {tag.excerpt && <p className="qa-search-tag__excerpt">{tag.excerpt}</p>}
      <p className="qa-search-tag__meta">
        <span>
          {t('search.tag_card.questions', {
            count: tag.question_count,
            value: formatCount(tag.question_count, i18n.language),
          })}
        </span>{' '}
        <Link to={paths.tag(tag.slug_name)}>{t('search.tag_card.view', { name })}</Link>
      </p>
    </section>
  );
}
