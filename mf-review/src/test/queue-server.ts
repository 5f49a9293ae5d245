import { envelope, mockFetch, type Handler, type RecordedCall } from '@agora/shared-api/testing';
import type { ReviewingTypes } from '@agora/shared-api/contract';
import { API } from './fixtures';

/**
 * A queue as the server keeps it: GET `path?page=n` answers the n-th task (page size 1, count = length);
 * a decision taking the task out of the queue is `take(id)`. `types` answers GET reviewing/type from the
 * queues' lengths.
 */
export class Queue<T> {
  constructor(
    readonly path: string,
    readonly tasks: T[],
    readonly idOf: (task: T) => string | number,
  ) {}

  page = (call: RecordedCall) => {
    const n = Number(call.query.get('page') ?? '1');
    const task = this.tasks[n - 1];
    return { count: this.tasks.length, list: task ? [task] : [] };
  };

  /** Takes the task out; false when it was not there (already reviewed). */
  take(id: string | number): boolean {
    const index = this.tasks.findIndex((task) => String(this.idOf(task)) === String(id));
    if (index < 0) return false;
    this.tasks.splice(index, 1);
    return true;
  }
}

/** What serveReview needs of a queue. */
export interface ServedQueue {
  path: string;
  tasks: readonly unknown[];
  page(call: RecordedCall): unknown;
}

/** 400 error.review.already_reviewed, as the server answers the loser of two reviews. */
export const alreadyReviewed = () =>
  envelope(null, 400, 'error.review.already_reviewed', 'This task has already been reviewed.');

/** The API of a review screen: reviewing/type from `kinds` (name -> queue), the queues, and `extra` routes. */
export function serveReview(
  kinds: Partial<Record<ReviewingTypes[number]['name'], ServedQueue>>,
  extra: Record<string, Handler> = {},
) {
  const order = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
  const routes: Record<string, Handler> = {
    [`GET ${API}/reviewing/type`]: () =>
      order
        .filter((name) => kinds[name])
        .map((name) => ({ name, label: name, todo_amount: kinds[name]!.tasks.length })),
  };
  for (const queue of Object.values(kinds)) if (queue) routes[`GET ${API}/${queue.path}`] = queue.page;
  return mockFetch({ ...routes, ...extra });
}
