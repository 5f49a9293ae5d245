// Revisions: the approved history of a post or tag, and whether it may be edited now.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import type { RevisionList } from '../contract';

export const revisionKeys = {
  all: ['revision'] as const,
  list: (objectId: string) => [...revisionKeys.all, 'list', objectId] as const,
  editCheck: (objectId: string) => [...revisionKeys.all, 'edit-check', objectId] as const,
};

/** GET revisions (login required): the approved history, newest first. */
export const revisionsQuery = (objectId: string) =>
  queryOptions({
    queryKey: revisionKeys.list(objectId),
    queryFn: async ({ signal }) =>
      [...((await api.get<RevisionList | null>('revisions', { object_id: objectId }, signal)) ?? [])].sort(
        (a, b) => b.create_at - a.create_at,
      ),
    meta: { passingError: true },
  });

/**
 * GET revisions/edit/check?id before editing: null when the post may be edited now; a pending revision is
 * 400 error.revision.review_underway with err_type toast, which the shell shows as a toast.
 */
export const editCheckQuery = (id: string) =>
  queryOptions({
    queryKey: revisionKeys.editCheck(id),
    queryFn: ({ signal }) => api.get<null>('revisions/edit/check', { id }, signal),
    retry: false,
    // A post that is not there is the 404 page (and its title), not the edit screen's load failure.
    meta: { allow404: true },
    // Asked once each time an edit form opens; never again while the user is editing.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
