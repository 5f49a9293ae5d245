// Timelines of questions, answers and tags (GET activity/timeline, its detail) and rollbacks to a revision.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import type { PermissionMap, RevisionRollbackBody, Timeline, TimelineDetail } from '../contract';
import { permissionKeys } from './permission';
import { revisionKeys } from './revision';

export const activityKeys = {
  all: ['activity'] as const,
  timelines: (objectId: string) => [...activityKeys.all, 'timeline', objectId] as const,
  timeline: (objectId: string, showVote: boolean) => [...activityKeys.timelines(objectId), showVote] as const,
  detail: (newRevisionId: string, oldRevisionId: string) =>
    [...activityKeys.all, 'detail', newRevisionId, oldRevisionId] as const,
};

/** GET activity/timeline (login required): every event of the object, newest first; votes only for staff asking. */
export const timelineQuery = (objectId: string, showVote = false) =>
  queryOptions({
    queryKey: activityKeys.timeline(objectId, showVote),
    queryFn: ({ signal }) =>
      api.get<Timeline>(
        'activity/timeline',
        { object_id: objectId, ...(showVote ? { show_vote: 'true' } : {}) },
        signal,
      ),
    // A hidden or missing object is the 404 page, not a load failure of the screen.
    meta: { allow404: true },
  });

/** GET activity/timeline/detail: a revision and the one before it ('0': nothing before). Never changes. */
export const timelineDetailQuery = (newRevisionId: string, oldRevisionId: string) =>
  queryOptions({
    queryKey: activityKeys.detail(newRevisionId, oldRevisionId),
    queryFn: ({ signal }) =>
      api.get<TimelineDetail>(
        'activity/timeline/detail',
        { new_revision_id: newRevisionId, old_revision_id: oldRevisionId },
        signal,
      ),
    staleTime: Infinity,
    meta: { passingError: true },
  });

/** May the caller edit tags without review (who may roll a tag back besides staff)? */
export const tagDirectEditPermissionQuery = () =>
  queryOptions({
    queryKey: permissionKeys.action('tag.edit_without_review'),
    queryFn: ({ signal }) =>
      api
        .get<PermissionMap>('permission', { action: 'tag.edit_without_review' }, signal)
        .then((map) => map['tag.edit_without_review']?.has_permission === true),
    staleTime: 60_000,
  });

/**
 * PUT revisions/rollback: puts an earlier revision back as a new one. Every timeline and history of the
 * object is asked again afterwards (the object itself too, by its callers' `onSuccess`).
 */
export function useRollbackRevision(objectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevisionRollbackBody) => api.put<null>('revisions/rollback', body),
    // The caller tells the user what went wrong (a toast).
    meta: { passingError: true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: activityKeys.timelines(objectId) }),
        client.invalidateQueries({ queryKey: revisionKeys.list(objectId) }),
      ]),
  });
}
