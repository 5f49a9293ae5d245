import type { PendingPost, PostUserInfo } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { seconds } from '../../lib/time';
import { loadPostInContext, taskFields } from '../post/in-context';
import { queuedTypeOf } from './table';

/** A pending review row as the page reads it. */
export interface TaskRow {
  id: number;
  user_id: number;
  object_id: string;
  object_type: number;
  reason: string;
  submitter: string;
  created_at: number;
}

/**
 * The PendingPost of a review task: the queued object (its text, status and author) in its question
 * (title, tags, answer count), or undefined when the object is gone.
 */
export async function taskView(
  db: Kysely<DB>,
  task: TaskRow,
  users: (ids: number[]) => Promise<Map<number, PostUserInfo>>,
): Promise<PendingPost | undefined> {
  const post = await loadPostInContext(db, task.object_id);
  if (!post || post.type !== queuedTypeOf(Number(task.object_type))) return undefined;
  const people = await users([post.authorId]);
  return {
    review_id: Number(task.id),
    ...(await taskFields(db, post, people.get(post.authorId))),
    submit_at: seconds(task.created_at),
    submitter_display_name: task.submitter,
    reason: task.reason,
  };
}
