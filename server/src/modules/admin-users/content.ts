import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AnswerService } from '../answer/service';
import type { CommentService } from '../comment/service';
import type { Actor } from '../post/actor';
import type { QuestionPostService } from '../question/posts';
import { livePostIds } from './repository';

/** The post services that delete (each keeps its counts: tags, questions, answers, the author's). */
export interface ContentServices {
  posts: QuestionPostService;
  answers: AnswerService;
  comments: CommentService;
}

/**
 * Soft-deletes every post of a member (remove_all_content), as the administrator `actor` would one by
 * one: comments first, then answers, then questions, each through its own module so the counts stay
 * right and each deletion is on the post's timeline. Posts already deleted are left as they are, so
 * running it again finishes an interrupted run.
 */
export async function removeAllContent(
  db: Kysely<DB>,
  services: ContentServices,
  actor: Actor,
  userId: number,
): Promise<void> {
  const live = await livePostIds(db, userId);
  const viewer = {
    userId: actor.userId,
    roleId: actor.roleId,
    canEdit: true,
    canDelete: true,
    t: (key: string) => key,
  };
  for (const id of live.comments) {
    await services.comments.remove(id, viewer).catch(ignoreGone);
  }
  for (const id of live.answers) {
    const row = await services.answers.one(id, actor).catch(ignoreGone);
    if (row) await services.answers.remove(actor, row);
  }
  for (const id of live.questions) {
    await services.posts.remove(actor, id).catch(ignoreGone);
  }
}

/** A post that went away meanwhile (deleted with its question, or by someone else) is not a failure. */
function ignoreGone(error: unknown): undefined {
  if (error && typeof error === 'object' && 'status' in error && (error as { status: number }).status === 404)
    return undefined;
  throw error;
}
