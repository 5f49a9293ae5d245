// Tags: keys and reads of GET tags/page, tag, tag/synonyms, question/tags and tags (by slugs); the caller's
// followed tags (GET tags/following, PUT follow/tags), one set of calls and one cache entry for every remote
// that shows them (mf-qa's side card, mf-users' settings).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_SNAPSHOT } from '@agora/shared-api';
import type { FollowingTags, FollowTagsBody, TagBrief, TagInfo, TagListOrder, TagPage, TagSynonyms } from '../contract';

/** The tag grid shows 20 cards a page (and 20 placeholders while it loads). */
export const TAG_PAGE_SIZE = 20;
/** Tag suggestions list at most 5 tags. */
export const TAG_SUGGESTIONS_MAX = 5;

export const tagKeys = {
  all: ['tag'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (order: TagListOrder, page: number, filter: string) => [...tagKeys.lists(), { order, page, filter }] as const,
  /** Every cached tag info (by slug), the ones a follow toggle patches. */
  details: () => [...tagKeys.all, 'detail'] as const,
  bySlug: (slug: string) => [...tagKeys.details(), 'name', slug] as const,
  /** The copy the edit form works on. */
  edit: (id: string) => [...tagKeys.all, 'edit', id] as const,
  synonyms: (tagId: string) => [...tagKeys.all, 'synonyms', tagId] as const,
  /** The question editor's tag search (GET question/tags), the whole answer. */
  search: (text: string) => [...tagKeys.all, 'search', text] as const,
  /** The synonym editor's suggestions (GET question/tags), at most five. */
  suggestions: (text: string) => [...tagKeys.all, 'suggest', text] as const,
  /** Tags by their slugs (GET tags?tags=), as the ask screen's preset tag reads them. */
  bySlugs: (slugs: string) => [...tagKeys.all, 'slugs', slugs] as const,
  /** The header card of a `[tag]`-only search: a hint of its own, failures show nothing. */
  card: (slug: string) => [...tagKeys.all, 'card', slug] as const,
  /** The caller's followed tags: under `tag`, so whatever refreshes tags refreshes them too. */
  following: () => [...tagKeys.all, 'following'] as const,
};

/** One page of the tag list; a page past the end is the 404 page. */
export const tagPageQuery = (order: TagListOrder, page: number, filter: string) =>
  queryOptions({
    queryKey: tagKeys.list(order, page, filter),
    queryFn: ({ signal }) =>
      api.get<TagPage>(
        'tags/page',
        { page, page_size: TAG_PAGE_SIZE, query_cond: order, ...(filter ? { slug_name: filter } : {}) },
        signal,
      ),
    meta: { allow404: true },
  });

/** A tag by its slug (a synonym answers with its main tag); a missing tag is the 404 page. */
export const tagByNameQuery = (slug: string) =>
  queryOptions({
    queryKey: tagKeys.bySlug(slug.toLowerCase()),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { name: slug.toLowerCase() }, signal),
    meta: { allow404: true },
  });

/** The tag to edit, loaded fresh when the form opens and left alone while it is edited. */
export const tagByIdQuery = (id: string) =>
  queryOptions({
    queryKey: tagKeys.edit(id),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { id }, signal),
    ...FORM_SNAPSHOT,
    meta: { allow404: true },
  });

export const tagSynonymsQuery = (tagId: string) =>
  queryOptions({
    queryKey: tagKeys.synonyms(tagId),
    queryFn: ({ signal }) => api.get<TagSynonyms>('tag/synonyms', { tag_id: tagId }, signal),
    meta: { passingError: true },
  });

/** GET question/tags?tag=prefix: existing tags (synonyms resolved to their main tag). */
export const searchTags = async (prefix: string, signal?: AbortSignal) =>
  (await api.get<TagBrief[] | null>('question/tags', { tag: prefix }, signal)) ?? [];

/** The question editor's tag search. */
export const tagSearchQuery = (text: string) =>
  queryOptions({
    queryKey: tagKeys.search(text),
    queryFn: ({ signal }) => searchTags(text, signal),
  });

/** At most five existing tags starting with `text` (the synonym editor); a failure means no suggestions. */
export const tagSuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: tagKeys.suggestions(text),
    queryFn: async ({ signal }) => (await searchTags(text, signal)).slice(0, TAG_SUGGESTIONS_MAX),
    enabled: text.length > 0,
    staleTime: 30_000,
    meta: { passingError: true },
  });

/** GET tags?tags=slugs: the named tags (a preset tag of the ask screen); only a hint, failures pass. */
export const tagsBySlugsQuery = (slugs: string) =>
  queryOptions({
    queryKey: tagKeys.bySlugs(slugs),
    queryFn: ({ signal }) => api.get<TagBrief[] | null>('tags', { tags: slugs }, signal),
    enabled: slugs !== '',
    staleTime: 60_000,
    meta: { passingError: true },
  });

/** The tag of a `[tag]`-only search (GET tag?name=), for its header card: a hint, failures show nothing. */
export const tagCardQuery = (slug: string) =>
  queryOptions({
    queryKey: tagKeys.card(slug),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { name: slug }, signal),
    enabled: slug !== '',
    staleTime: 60_000,
    meta: { passingError: true },
  });

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
