// Followed tags (answer-api.md §2.6 PUT follow/tags, §2.7 GET tags/following and GET question/tags): one
// set of calls and one cache entry for every remote that shows them (mf-qa's side card, mf-users' settings).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import type { TagBrief } from '../contract/question-ops';
import type { FollowingTags, FollowTagsBody } from '../contract/vote';

// Under the `tags` resource like the tag screens' keys: a follow toggled there can refresh this by prefix.
export const followingKeys = {
  all: ['tags', 'following'] as const,
};

/** The caller's followed tags (empty for a visitor). A failure leaves the page alone: the card says so. */
export const followingTagsQuery = () =>
  queryOptions({
    queryKey: followingKeys.all,
    queryFn: async ({ signal }) => (await api.get<FollowingTags | null>('tags/following', undefined, signal)) ?? [],
    staleTime: 60_000,
    meta: { ignoreServerError: true },
  });

/** GET question/tags?tag=prefix: existing tags (synonyms resolved to their main tag) for the editor. */
export const suggestTags = async (prefix: string, signal: AbortSignal) =>
  (await api.get<TagBrief[] | null>('question/tags', { tag: prefix }, signal)) ?? [];

/**
 * PUT follow/tags: the complete followed set. Resolves once the followed list (and the tag screens' follow
 * state, under `tags`) has been fetched again, so the card closes on the server's view (synonyms folded).
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
      client.invalidateQueries({ queryKey: followingKeys.all }),
      client.invalidateQueries({ queryKey: ['tags', 'page'] }),
      client.invalidateQueries({ queryKey: ['tags', 'info'] }),
    ]);
  };
}
