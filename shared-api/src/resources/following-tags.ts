// Followed tags (PUT follow/tags, GET tags/following): one set of calls and one cache entry for every remote
// that shows them (mf-qa's side card, mf-users' settings).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import type { FollowingTags, FollowTagsBody } from '../contract';
import { tagKeys } from './tag';

/** The caller's followed tags (empty for a visitor). A failure leaves the page alone: the card says so. */
export const followingTagsQuery = () =>
  queryOptions({
    queryKey: tagKeys.following(),
    queryFn: async ({ signal }) => (await api.get<FollowingTags | null>('tags/following', undefined, signal)) ?? [],
    staleTime: 60_000,
    meta: { ignoreServerError: true },
  });

/**
 * PUT follow/tags: the complete followed set. Resolves once the followed list (and the tag lists' and tag
 * pages' follow state) has been fetched again, so the card closes on the server's view (synonyms folded).
 */
export function useSaveFollowedTags() {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: FollowTagsBody) => api.put<null>('follow/tags', body),
    // The card shows the failure itself; a 5xx must not replace the whole page.
    meta: { ignoreServerError: true },
  });
  return async (slugs: string[]) => {
    await save.mutateAsync({ slug_name_list: slugs });
    await Promise.all([
      client.invalidateQueries({ queryKey: tagKeys.following() }),
      client.invalidateQueries({ queryKey: tagKeys.lists() }),
      client.invalidateQueries({ queryKey: tagKeys.details() }),
    ]);
  };
}
