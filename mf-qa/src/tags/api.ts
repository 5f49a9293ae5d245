// The tag screens' writes (one hook per action) and constants; their reads are shared-api's tag resource.
import { api } from '@agora/shared-api';
import { tagKeys } from '@agora/shared-api/resources/tag';
import type {
  FollowResp,
  TagCreateBody,
  TagCreateResult,
  TagInfo,
  TagListOrder,
  TagMergeBody,
  TagPage,
  TagPageItem,
  TagSynonymBody,
  TagUpdateBody,
  TagUpdateResult,
} from '@agora/shared-api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagValues } from './form/tag-form';

export type { RevisionList, TagSynonyms } from '@agora/shared-api/contract';
export type { TagCreateResult, TagInfo, TagListOrder, TagPage, TagPageItem, TagUpdateResult };
export { EDIT_SUMMARY_MAX, TAG_NAME_MAX, TAG_SLUG_PATTERN } from '@agora/shared-api/contract';
export { TAG_PAGE_SIZE, TAG_SUGGESTIONS_MAX as MAX_SUGGESTIONS } from '@agora/shared-api/resources/tag';

/** The tag sorts in display order; `popular` is the default. */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const satisfies readonly TagListOrder[];
export const DEFAULT_TAG_ORDER: TagListOrder = 'popular';
/** The filter box waits this long after the last key before it asks. */
export const FILTER_DEBOUNCE_MS = 300;

export interface TagSuggestion {
  tag_id: string;
  slug_name: string;
  display_name: string;
}

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
 * POST follow on a tag (or stop following it). The result updates every cached copy of the tag (list cards,
 * tag page) and the followed-tags list is asked again.
 */
export function useFollowTag(tagId: string, following: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => tagApi.follow(tagId, following),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: tagKeys.following() });
      const patch = { is_follower: result.is_followed, follow_count: result.follows };
      client.setQueriesData<TagPage>({ queryKey: tagKeys.lists() }, (old) =>
        old ? { ...old, list: old.list.map((tag) => (tag.tag_id === tagId ? { ...tag, ...patch } : tag)) } : old,
      );
      client.setQueriesData<TagInfo>({ queryKey: tagKeys.details() }, (old) =>
        old && old.tag_id === tagId ? { ...old, ...patch } : old,
      );
    },
  });
}

type Callbacks<T> = { onSuccess(result: T): void | Promise<void>; onError(error: unknown): void };

/** DELETE tag or POST tag/recover; every tag is asked again. The caller shows the outcome. */
export function useTagOperation(
  tagId: string,
  { onSuccess, onError, onSettled }: Callbacks<'delete' | 'undelete'> & { onSettled(): void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (op: 'delete' | 'undelete') => (op === 'delete' ? tagApi.remove(tagId) : tagApi.recover(tagId)),
    meta: { passingError: true },
    onSuccess: (_data, op) => {
      void onSuccess(op);
      void client.invalidateQueries({ queryKey: tagKeys.all });
    },
    onError,
    onSettled,
  });
}

/** POST tag/merge into `into`; every tag is asked again before `onSuccess`. */
export function useMergeTag<T extends { tag_id: string }>(tagId: string, { onSuccess, onError }: Callbacks<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (into: T) => tagApi.merge({ source_tag_id: tagId, target_tag_id: into.tag_id }),
    meta: { passingError: true },
    onSuccess: async (_data, into) => {
      await client.invalidateQueries({ queryKey: tagKeys.all });
      await onSuccess(into);
    },
    onError,
  });
}

/** PUT tag/synonym: the whole synonym list; the tag's synonyms are asked again before `onSuccess`. */
export function useSaveSynonyms(tagId: string, { onSuccess, onError }: Callbacks<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slugs: string[]) =>
      tagApi.saveSynonyms({ tag_id: tagId, synonym_tag_list: slugs.map((slug_name) => ({ slug_name })) }),
    meta: { passingError: true },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: tagKeys.synonyms(tagId) });
      await onSuccess();
    },
    onError,
  });
}

/** POST tag: a new tag from the form's values. */
export const useCreateTag = () =>
  useMutation({
    mutationFn: (values: TagValues) =>
      tagApi.create({
        display_name: values.display_name.trim(),
        slug_name: values.slug_name.trim(),
        original_text: values.original_text ?? '',
      }),
  });

/**
 * PUT tag: applies the edit or keeps it for review. Every tag is then marked stale but none fetched now:
 * the form's own copy of the tag must not reload under it.
 */
export function useUpdateTag(tagId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TagValues) => ({
      slug: values.slug_name.trim(),
      result: await tagApi.update({
        tag_id: tagId,
        display_name: values.display_name.trim(),
        slug_name: values.slug_name.trim(),
        original_text: values.original_text ?? '',
        edit_summary: values.edit_summary?.trim() ?? '',
      }),
    }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tagKeys.all, refetchType: 'none' }),
  });
}

export const canDo = (actions: readonly { action: string }[] | undefined, action: string) =>
  !!actions?.some((a) => a.action === action);
