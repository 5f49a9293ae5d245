import type { ReviewingTypeName } from '@agora/shared-api/contract';
import type { ReviewScope, RevisionReview } from '../revisions/review';

/** Counts the tasks of one queue: queued posts (the review module), flags (the report module). */
export interface TaskCounter {
  pendingCount(): Promise<number>;
}

/** One kind of review task the viewer may work on, with its to-do count. */
export interface ReviewTask {
  name: ReviewingTypeName;
  count: number;
}

/**
 * The review tasks of a viewer: queued posts and flags for staff, suggested edits for whoever holds
 * an audit privilege (staff hold them all). Every count is read from the database, so every server
 * process of a site answers the same.
 */
export class ReviewingService {
  readonly #edits: RevisionReview;
  readonly #flags: TaskCounter;
  readonly #queued: TaskCounter;

  constructor(edits: RevisionReview, flags: TaskCounter, queued: TaskCounter) {
    this.#edits = edits;
    this.#flags = flags;
    this.#queued = queued;
  }

  /** Whether the viewer may review anything at all (staff, or an audit privilege). */
  canReview(scope: ReviewScope): boolean {
    return scope.staff || scope.types.length > 0;
  }

  /** GET reviewing/type: the kinds of task the viewer may review, each with its count. */
  async tasks(scope: ReviewScope): Promise<ReviewTask[]> {
    const tasks: ReviewTask[] = [];
    if (scope.staff) {
      tasks.push({ name: 'queued_post', count: await this.#queued.pendingCount() });
      tasks.push({ name: 'flagged_post', count: await this.#flags.pendingCount() });
    }
    if (this.canReview(scope)) tasks.push({ name: 'suggested_post_edit', count: await this.#edits.count(scope) });
    return tasks;
  }

  /** The review badge: every task the viewer may act on, and whether they may review at all. */
  async badge(scope: ReviewScope): Promise<{ revision: number; can_revision: boolean }> {
    const tasks = await this.tasks(scope);
    return { revision: tasks.reduce((sum, task) => sum + task.count, 0), can_revision: this.canReview(scope) };
  }
}
