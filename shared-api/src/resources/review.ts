// The review queue: what the viewer may review (GET reviewing/type), the three one-task-per-page queues
// (suggested edits, flagged posts, queued posts) and one write hook per kind of decision. Every decision
// refreshes the queues and the review badge (notification/status) at once, and the post it changed by its
// resource prefix, so the next task and the changed post show without waiting for a poll.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, notificationKeys } from '@agora/shared-api';
import type {
  FlaggedPostPage,
  PendingPostPage,
  PendingPostReviewBody,
  ReportOperation,
  ReportReviewBody,
  ReviewingTypeName,
  ReviewingTypes,
  RevisionAuditBody,
  UnreviewedRevisionPage,
} from '../contract';
import { answerKeys } from './answer';
import { commentKeys } from './comment';
import { questionKeys } from './question';
import { revisionKeys } from './revision';
import { tagKeys } from './tag';

export const reviewKeys = {
  all: ['review'] as const,
  types: () => [...reviewKeys.all, 'types'] as const,
  queue: (kind: ReviewingTypeName) => [...reviewKeys.all, 'queue', kind] as const,
  page: (kind: ReviewingTypeName, page: number) => [...reviewKeys.queue(kind), page] as const,
};

/** GET reviewing/type: the kinds the viewer may review, each with its to-do count. */
export const reviewingTypesQuery = () =>
  queryOptions({
    queryKey: reviewKeys.types(),
    queryFn: async ({ signal }) => (await api.get<ReviewingTypes | null>('reviewing/type', undefined, signal)) ?? [],
  });

/** The route of each queue (page size 1: `count` is the queue's length, `list` the task on that page). */
const QUEUE_PATHS = {
  suggested_post_edit: 'revisions/unreviewed',
  flagged_post: 'report/unreviewed/post',
  queued_post: 'review/pending/post/page',
} as const satisfies Record<ReviewingTypeName, string>;

/** The page each queue answers with. */
export interface QueuePages {
  suggested_post_edit: UnreviewedRevisionPage;
  flagged_post: FlaggedPostPage;
  queued_post: PendingPostPage;
}
/** A task of the `K` queue. */
export type ReviewTask<K extends ReviewingTypeName> = QueuePages[K]['list'][number];

/** One task of a queue: page `page` (1-based) of `kind`. */
export const reviewQueueQuery = <K extends ReviewingTypeName>(kind: K, page: number) =>
  queryOptions({
    queryKey: reviewKeys.page(kind, page),
    queryFn: async ({ signal }): Promise<QueuePages[K]> =>
      (await api.get<QueuePages[K] | null>(QUEUE_PATHS[kind], { page }, signal)) ?? ({ count: 0, list: [] } as never),
    // A page past the end (404) is the screen's business: the shell leaves a 404 that is not a page alone.
  });

/**
 * The reasons a decision finds its task gone: someone else reviewed it first (400
 * error.review.already_reviewed) or it no longer exists (404). Not a failure to report: the screen says so
 * and moves on to the next task.
 */
export function isVanishedTask(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.reason === 'error.review.already_reviewed');
}

/** What a decision did: applied, or found its task gone (see isVanishedTask). */
export type ReviewOutcome = 'done' | 'vanished';

const settle = (request: Promise<unknown>): Promise<ReviewOutcome> =>
  request.then(
    () => 'done' as const,
    (error: unknown) => {
      if (isVanishedTask(error)) return 'vanished' as const;
      throw error;
    },
  );

/** The post (or tag, or comment) a task is about, whose cached copies a decision makes stale. */
export interface ReviewedObject {
  objectType: 'question' | 'answer' | 'tag' | 'comment';
  objectId: string;
  /** The question of a question, an answer or a comment on either ('' for a tag). */
  questionId: string;
}

/**
 * After a decision: the queues and the to-do counts, the review badge, and the object's resource keys (a
 * question's lists too: its title, tags or status may have changed; an answer's question: its count).
 */
export function refreshAfterReview(client: QueryClient, object: ReviewedObject): Promise<unknown> {
  const { objectType, objectId, questionId } = object;
  const keys: (readonly unknown[])[] = [reviewKeys.all, notificationKeys.status()];
  if (objectType === 'tag') keys.push(tagKeys.all);
  if (objectType === 'question') keys.push(questionKeys.all, answerKeys.ofQuestion(objectId));
  if (objectType === 'answer') {
    keys.push(answerKeys.ofQuestion(questionId), answerKeys.edit(objectId), questionKeys.detail(questionId));
  }
  if (objectType === 'comment') keys.push(commentKeys.all);
  if (objectType !== 'comment') keys.push(revisionKeys.list(objectId), revisionKeys.editCheck(objectId));
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * A decision on a task. The mutation stays pending until the queue has been asked again, so its buttons
 * stay busy until the next task shows; a task found gone resolves as 'vanished'.
 */
function useReviewDecision<B>(path: string, onDone: ReviewDone<B>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: B; object: ReviewedObject }) => settle(api.put(path, body)),
    onSuccess: async (outcome, { body, object }) => {
      await refreshAfterReview(client, object);
      onDone(outcome, body);
    },
  });
}

/** Called once a decision is settled and the queue asked again: with its outcome and what was sent. */
export type ReviewDone<B> = (outcome: ReviewOutcome, body: B) => void;

/** PUT revisions/audit: approve (the edit is applied) or reject a suggested edit. */
export const useAuditRevision = (onDone: ReviewDone<RevisionAuditBody>) =>
  useReviewDecision<RevisionAuditBody>('revisions/audit', onDone);

/** Object status numbers: 2 closed, 10 deleted; list status 2: unlisted. */
const CLOSED = 2;
const DELETED = 10;
const UNLISTED = 2;

/**
 * The operations a flag's object allows (the review queue and the admin Flags screen): editing and
 * ignoring always; closing and unlisting for questions not already closed or unlisted; deleting for
 * posts not already deleted.
 */
export function reportOperations(post: {
  object_type: string;
  object_status: number;
  object_show_status: number;
}): ReportOperation[] {
  const isQuestion = post.object_type === 'question';
  const ops: ReportOperation[] = ['edit_post'];
  if (isQuestion && post.object_status !== CLOSED) ops.push('close_post');
  if (post.object_status !== DELETED) ops.push('delete_post');
  if (isQuestion && post.object_show_status !== UNLISTED) ops.push('unlist_post');
  ops.push('ignore_report');
  return ops;
}

/** PUT report/review: settle a flag by editing, closing, deleting or unlisting its post, or by ignoring it. */
export const useReviewReport = (onDone: ReviewDone<ReportReviewBody>) =>
  useReviewDecision<ReportReviewBody>('report/review', onDone);

/** PUT review/pending/post: approve (the post is listed) or reject (deleted) a queued post. */
export const useReviewPendingPost = (onDone: ReviewDone<PendingPostReviewBody>) =>
  useReviewDecision<PendingPostReviewBody>('review/pending/post', onDone);
