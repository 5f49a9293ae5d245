import { api, paths } from '@agora/shared-api';
import type { FollowingTags, FollowTagsBody, TagBrief } from '@agora/shared-api/contract';
import { FollowingTagsCard } from '@agora/shared-ui/following-tags';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import './followed-tags-section.css';

// The same cache entry as mf-qa's following-tags side card (one query client in the shell): saving here
// refreshes the home page's card too.
const FOLLOWING_KEY = ['tags', 'following'] as const;

const followingTagsQuery = () =>
  queryOptions({
    queryKey: FOLLOWING_KEY,
    queryFn: async ({ signal }) => (await api.get<FollowingTags | null>('tags/following', undefined, signal)) ?? [],
    meta: { ignoreServerError: true },
  });

const suggestTags = async (prefix: string, signal: AbortSignal) =>
  (await api.get<TagBrief[] | null>('question/tags', { tag: prefix }, signal)) ?? [];

/**
 * Settings → Notifications: the tags the user follows (GET tags/following, PUT follow/tags), beside the
 * switch for e-mails about new questions in them. The card itself is shared-ui's.
 */
export function FollowedTagsSection() {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const following = useQuery(followingTagsQuery());
  const save = useMutation({
    mutationFn: (body: FollowTagsBody) => api.put<null>('follow/tags', body),
    meta: { ignoreServerError: true },
  });
  const onSave = async (slugs: string[]) => {
    await save.mutateAsync({ slug_name_list: slugs });
    await client.invalidateQueries({ queryKey: FOLLOWING_KEY });
  };
  return (
    <div className="people-followed-tags">
      <FollowingTagsCard
        title={t('people.settings.following_tags.title')}
        headingLevel={3}
        tags={following.data ?? []}
        loading={following.isPending}
        loadFailed={following.isError}
        tagHref={paths.tag}
        suggest={suggestTags}
        onSave={onSave}
      />
    </div>
  );
}
