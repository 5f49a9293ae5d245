import { paths } from '@agora/shared-api';
import { followingTagsQuery, searchTags, useSaveFollowedTags } from '@agora/shared-api/resources/tag';
import { FollowingTagsCard } from '@agora/shared-ui/following-tags';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import './followed-tags-section.css';

/**
 * Settings → Notifications: the tags the user follows (GET tags/following, PUT follow/tags), beside the
 * switch for e-mails about new questions in them. The card itself is shared-ui's.
 */
export function FollowedTagsSection() {
  const { t } = useTranslation(NAMESPACE);
  // The same cache entry as mf-qa's side card (one query client in the shell): saving here refreshes it too.
  const following = useQuery(followingTagsQuery());
  const onSave = useSaveFollowedTags();
  return (
    <div className="people-followed-tags">
      <FollowingTagsCard
        title={t('people.settings.following_tags.title')}
        headingLevel={3}
        tags={following.data ?? []}
        loading={following.isPending}
        loadFailed={following.isError}
        tagHref={paths.tag}
        suggest={searchTags}
        onSave={onSave}
      />
    </div>
  );
}
