import type { ReviewingTypeName } from '@agora/shared-api/contract';
import {
  isVanishedTask,
  reviewQueueQuery,
  type ReviewOutcome,
  type ReviewTask,
} from '@agora/shared-api/resources/review';
import { useToast } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** Where a queue is: a task shown, loading, empty, past its last task (after skips), or failed to load. */
export type PagerState = 'task' | 'loading' | 'empty' | 'ended' | 'failed';

/**
 * One task at a time from a queue (page size 1, `count` = the queue's length). A decision leaves the page
 * where it is (the queue shrank: the next task moved up onto it); Skip moves to the next page; past the
 * last one the queue has ended ('Start again' goes back to the first). A task someone else reviewed first
 * is said so (`vanished`) above the next one.
 */
export function useTaskPager<K extends ReviewingTypeName>(kind: K): TaskPager<ReviewTask<K>> {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [vanished, setVanished] = useState(false);
  const [moves, setMoves] = useState(0);
  const moved = () => setMoves((n) => n + 1);
  const query = useQuery(reviewQueueQuery(kind, page));

  const count = query.data?.count ?? 0;
  const task: ReviewTask<K> | undefined = query.data?.list[0];
  // A page past the end (the server may answer it empty or 404) after skips or someone else's reviews.
  const pastEnd = page > 1 && ((query.isSuccess && !task) || (query.isError && isVanishedTask(query.error)));
  let state: PagerState;
  if (pastEnd) state = 'ended';
  else if (query.isPending) state = 'loading';
  else if (query.isError) state = 'failed';
  else state = task ? 'task' : 'empty';

  return {
    state,
    task: state === 'task' ? task : undefined,
    count,
    retry: () => void query.refetch(),
    skip: () => {
      setVanished(false);
      setPage((current) => current + 1);
      moved();
    },
    restart: () => {
      setVanished(false);
      setPage(1);
      moved();
    },
    vanished,
    moves,
    /** After a decision: its toast, or the 'already reviewed' notice. The queue has been asked again. */
    settled: (outcome: ReviewOutcome, doneText: string) => {
      setVanished(outcome === 'vanished');
      moved();
      if (outcome === 'done') toast.success(doneText);
    },
  };
}

export interface TaskPager<T = unknown> {
  state: PagerState;
  /** The task shown (state 'task'). */
  task: T | undefined;
  /** The queue's length. */
  count: number;
  retry(): void;
  skip(): void;
  restart(): void;
  /** The last decision found its task already reviewed or gone. */
  vanished: boolean;
  /** How many times the queue moved on (a decision, Skip, Start again): the focus follows each move. */
  moves: number;
  settled(outcome: ReviewOutcome, doneText: string): void;
}
