import { paths } from '@agora/shared-api';
import { formatCount } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import type { TagPageItem } from '../api';
import { TagFollowButton } from '../follow-button';

/** A tag of the grid: name, excerpt, question and follower counts, the follow button (visitors: login prompt). */
export function TagCard({ tag }: { tag: TagPageItem }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const count = (key: string, value: number) => t(key, { count: value, value: formatCount(value, i18n.language) });
  return (
    <li className="qa-tag-card">
      <h2 className="qa-tag-card__name">
        <Link className="qa-tag" to={paths.tag(tag.slug_name)}>
          {tag.display_name || tag.slug_name}
        </Link>
      </h2>
      {tag.excerpt && <p className="qa-tag-card__excerpt">{tag.excerpt}</p>}
      <div className="qa-tag-card__foot">
        <ul className="qa-tag-card__counts" aria-label={t('tags.list.stats')}>
          <li>{count('tags.count.questions', tag.question_count)}</li>
          <li>{count('tags.count.followers', tag.follow_count)}</li>
        </ul>
        <TagFollowButton tag={tag} />
      </div>
    </li>
  );
}
