import { paths } from '@agora/shared-api';
import { SideCard } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

/**
 * Each operator of the search syntax (docs/product-rules.md), an example query linking to its results, and
 * what it does.
 */
const TIPS = [
  { key: 'tag', syntax: '[tag]', example: '[javascript]' },
  { key: 'user', syntax: 'user:username', example: 'user:me' },
  { key: 'answers', syntax: 'answers:0', example: 'answers:0' },
  { key: 'score', syntax: 'score:3', example: 'score:3' },
  { key: 'is', syntax: 'is:question', example: 'is:answer' },
  { key: 'phrase', syntax: '"exact phrase"', example: '"exact phrase"' },
] as const;

export function SearchTips() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SideCard title={t('search.tips.title')}>
      <dl className="qa-search-tips">
        {TIPS.map((tip) => (
          <div key={tip.key} className="qa-search-tips__item">
            <dt>
              <code>{tip.syntax}</code>
            </dt>
            <dd>
              {t(`search.tips.${tip.key}`)}{' '}
              <span className="qa-search-tips__example">
                {t('search.tips.example')}{' '}
                <Link to={paths.search(tip.example)}>
                  <code>{tip.example}</code>
                </Link>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </SideCard>
  );
}
