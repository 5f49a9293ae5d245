// Reasons: the choices a flag or close dialog offers.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@agora/shared-api';
import type { ReasonList } from '../contract';

export const reasonKeys = {
  all: ['reason'] as const,
  list: (objectType: string, action: string) => [...reasonKeys.all, objectType, action] as const,
};

export const reasonsQuery = (objectType: 'question' | 'answer' | 'comment', action: 'flag' | 'close') =>
  queryOptions({
    queryKey: reasonKeys.list(objectType, action),
    queryFn: ({ signal }) => api.get<ReasonList>('reasons', { object_type: objectType, action }, signal),
    staleTime: 5 * 60_000,
  });
