import { useRequireLogin } from '@agora/shared-api';
import { formatCount } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { useFollowTag } from './api';

export interface TagFollowProps {
  tag: { tag_id: string; display_name: string; is_follower: boolean; follow_count: number };
  /** Show the follower count beside the button (tag page). */
  withCount?: boolean;
}

/**
 * Follow / unfollow a tag (POST follow {object_id, is_cancel}). Visitors get the shell's login-to-continue
 * prompt; the result updates every cached copy of the tag (list cards, tag page).
 */
export function TagFollowButton({ tag, withCount }: TagFollowProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const requireLogin = useRequireLogin();
  const follow = useFollowTag(tag.tag_id, tag.is_follower);
  return (
    <span className="qa-tag-follow">
      <button
        type="button"
        className={`qa-tag-follow__btn${tag.is_follower ? ' is-following' : ''}`}
        aria-pressed={tag.is_follower}
        aria-busy={follow.isPending || undefined}
        aria-label={t(tag.is_follower ? 'tags.follow.following_label' : 'tags.follow.follow_label', {
          name: tag.display_name,
        })}
        onClick={() => !follow.isPending && requireLogin() && follow.mutate()}
      >
        {t(tag.is_follower ? 'tags.follow.following' : 'tags.follow.follow')}
      </button>
      {withCount && (
        <span className="qa-tag-follow__count">
          {t('tags.count.followers', { count: tag.follow_count, value: formatCount(tag.follow_count, i18n.language) })}
        </span>
      )}
    </span>
  );
}
