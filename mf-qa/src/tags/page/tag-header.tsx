import { paths } from '@agora/shared-api';
import { formatCount } from '@agora/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { canDo, type TagInfo } from '../api';
import { TagFollowButton } from '../follow-button';

/**
 * The head of the tag page and the tag info page: the display name (h1), the excerpt, the links between
 * the two pages and to the edit form (when the caller may edit), follow with its count, and `actions`.
 */
export function TagHeader({ tag, current, actions }: { tag: TagInfo; current: 'page' | 'info'; actions?: ReactNode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <header className="qa-tag-head">
      <div className="qa-tag-head__top">
        <h1 className="qa-list-head__title">{tag.display_name || tag.slug_name}</h1>
        {actions}
      </div>
      {tag.status === 'deleted' && (
        <p role="status" className="qa-tag-deleted">
          {t('tags.page.deleted')}
        </p>
      )}
      {tag.excerpt && <p className="qa-tag-head__excerpt">{tag.excerpt}</p>}
      <div className="qa-tag-head__bar">
        <nav aria-label={t('tags.page.nav_label')}>
          <ul className="qa-tag-head__links">
            <li>
              {current === 'info' ? (
                <Link to={paths.tag(tag.slug_name)}>{t('tags.page.questions_link')}</Link>
              ) : (
                <Link to={paths.tagInfo(tag.slug_name)}>{t('tags.page.info_link')}</Link>
              )}
            </li>
            {canDo(tag.member_actions, 'edit') && (
              <li>
                <Link to={paths.tagEdit(tag.tag_id)}>{t('tags.page.edit_link')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <span className="qa-muted">
          {t('tags.count.questions', {
            count: tag.question_count,
            value: formatCount(tag.question_count, i18n.language),
          })}
        </span>
        <TagFollowButton tag={tag} withCount />
      </div>
    </header>
  );
}
