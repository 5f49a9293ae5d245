// The tag screens' calls (answer-api.md §2.7 Tags, §2.10 revisions, §2.6 follow; SPEC §2.5, §5, §9).
import { api, followingKeys } from '@agora/shared-api';
import type {
  FollowResp,
  RevisionList,
  TagCreateBody,
  TagCreateResult,
  TagInfo,
  TagListOrder,
  TagMergeBody,
  TagPage,
  TagPageItem,
  TagSynonymBody,
  TagSynonyms,
  TagUpdateBody,
  TagUpdateResult,
} from '@agora/shared-api/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';

export type {
  RevisionList,
  TagCreateResult,
  TagInfo,
  TagListOrder,
  TagPage,
  TagPageItem,
  TagSynonyms,
  TagUpdateResult,
};
export { EDIT_SUMMARY_MAX, TAG_NAME_MAX, TAG_SLUG_PATTERN } from '@agora/shared-api/contract';

/** SPEC §2.4/§9: the tag grid shows 20 cards a page (and 20 placeholders while it loads). */
export const TAG_PAGE_SIZE = 20;
/** SPEC §2.5 tag list sorts in display order; `popular` is the default. */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const satisfies readonly TagListOrder[];
export const DEFAULT_TAG_ORDER: TagListOrder = 'popular';
/** The filter box waits this long after the last key before it asks. */
export const FILTER_DEBOUNCE_MS = 300;

export const tagKeys = {
  all: ['tags'] as const,
  pages: () => [...tagKeys.all, 'page'] as const,
  page: (order: TagListOrder, page: number, filter: string) => [...tagKeys.pages(), { order, page, filter }] as const,
  infos: () => [...tagKeys.all, 'info'] as const,
  byName: (slug: string) => [...tagKeys.infos(), 'name', slug] as const,
  byId: (id: string) => [...tagKeys.all, 'edit', id] as const,
  synonyms: (tagId: string) => [...tagKeys.all, 'synonyms', tagId] as const,
  revisions: (tagId: string) => [...tagKeys.all, 'revisions', tagId] as const,
  suggestions: (text: string) => [...tagKeys.all, 'suggest', text] as const,
};

/** One page of the tag list; a page past the end is the 404 page (SPEC §8 allow404). */
export const tagPageQuery = (order: TagListOrder, page: number, filter: string) =>
  queryOptions({
    queryKey: tagKeys.page(order, page, filter),
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
    queryKey: tagKeys.byName(slug.toLowerCase()),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { name: slug.toLowerCase() }, signal),
    meta: { allow404: true },
  });

/** The tag to edit, loaded fresh when the form opens and left alone while it is edited. */
export const tagByIdQuery = (id: string) =>
  queryOptions({
    queryKey: tagKeys.byId(id),
    queryFn: ({ signal }) => api.get<TagInfo>('tag', { id }, signal),
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { allow404: true },
  });

export const tagSynonymsQuery = (tagId: string) =>
  queryOptions({
    queryKey: tagKeys.synonyms(tagId),
    queryFn: ({ signal }) => api.get<TagSynonyms>('tag/synonyms', { tag_id: tagId }, signal),
    meta: { passingError: true },
  });

/** GET revisions (login required): the approved history, newest first. */
export const tagRevisionsQuery = (tagId: string) =>
  queryOptions({
    queryKey: tagKeys.revisions(tagId),
    queryFn: async ({ signal }) =>
      [...((await api.get<RevisionList | null>('revisions', { object_id: tagId }, signal)) ?? [])].sort(
        (a, b) => b.create_at - a.create_at,
      ),
    meta: { passingError: true },
  });

export interface TagSuggestion {
  tag_id: string;
  slug_name: string;
  display_name: string;
}

/** SPEC §5/§9: at most 5 suggestions. */
export const MAX_SUGGESTIONS = 5;

/** GET question/tags?tag= (prefix): existing tags for the synonym editor. */
export const tagSuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: tagKeys.suggestions(text),
    queryFn: async ({ signal }) =>
      ((await api.get<TagSuggestion[] | null>('question/tags', { tag: text }, signal)) ?? []).slice(0, MAX_SUGGESTIONS),
    enabled: text.length > 0,
    staleTime: 30_000,
    meta: { passingError: true },
  });

export const tagApi = {
  follow: (tagId: string, cancel: boolean) => api.post<FollowResp>('follow', { object_id: tagId, is_cancel: cancel }),
  create: (body: TagCreateBody) => api.post<TagCreateResult>('tag', body),
  update: (body: TagUpdateBody) => api.put<TagUpdateResult>('tag', body),
  remove: (tagId: string) => api.delete<null>('tag', { tag_id: tagId }),
  recover: (tagId: string) => api.post<null>('tag/recover', { tag_id: tagId }),
  saveSynonyms: (body: TagSynonymBody) => api.put<null>('tag/synonym', body),
  merge: (body: TagMergeBody) => api.post<null>('tag/merge', body),
};

/**
 * A follow toggle, reflected wherever the tag is cached: list pages and the tag's own info; the
 * following-tags side card asks again.
 */
export function patchFollow(client: QueryClient, tagId: string, result: FollowResp): void {
  void client.invalidateQueries({ queryKey: followingKeys.all });
  const patch = { is_follower: result.is_followed, follow_count: result.follows };
  client.setQueriesData<TagPage>({ queryKey: tagKeys.pages() }, (old) =>
    old ? { ...old, list: old.list.map((tag) => (tag.tag_id === tagId ? { ...tag, ...patch } : tag)) } : old,
  );
  client.setQueriesData<TagInfo>({ queryKey: tagKeys.infos() }, (old) =>
    old && old.tag_id === tagId ? { ...old, ...patch } : old,
  );
}

export const canDo = (actions: readonly { action: string }[] | undefined, action: string) =>
  !!actions?.some((a) => a.action === action);
