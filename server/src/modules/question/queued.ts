import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { QueuedPostSource } from '../review/table';
import { countOnTags, selectLinks, setLinkStatus } from './link-repository';
import { countUserQuestion, selectQuestion, updateQuestion } from './post-repository';
import { QUESTION_STATUS, SHOW, TAG_REL } from './table';

/**
 * Queued questions (status 11): what counts a question once it is published, whether at once or when
 * a reviewer approves it, and the question side of the review queue.
 */

/** A published question counts on its tags and in its author's question_count. */
export async function publishCounts(trx: Transaction<DB>, userId: number, tagIds: string[]) {
  // The author before the tags, and both before their links change: the lock order every writer keeps
  // (reputation module). On MySQL, changing a tag link takes a shared lock on its tag (the foreign key):
  // taken first, two writers on one tag each held it and then waited to count on the tag, a deadlock.
  await countUserQuestion(trx, userId, 1);
  await countOnTags(trx, tagIds, 1);
}

/**
 * A pending question for the review queue. Approving it shows its hidden tag links (counted on the
 * tags, unless the question is unlisted), counts it for its author and makes it the newest active
 * question; rejecting it removes its tag links.
 */
export function queuedQuestions(db: Kysely<DB>): QueuedPostSource {
  return async (id) => {
    const row = await selectQuestion(db, id);
    if (!row || row.status !== QUESTION_STATUS.pending) return undefined;
    const hiddenLinks = (trx: Transaction<DB>) => selectLinks(trx, id, [TAG_REL.hidden]);
    return {
      id,
      type: 'question',
      authorId: row.user_id,
      questionId: id,
      title: row.title,
      map: { question: id },
      async publish(trx, now) {
        const links = await hiddenLinks(trx);
        if (row.show !== SHOW.unlisted) {
          const ids = links.map((l) => l.id);
          await publishCounts(
            trx,
            row.user_id,
            links.map((l) => l.tag_id),
          );
          await setLinkStatus(trx, ids, TAG_REL.available, now);
        } else {
          await countUserQuestion(trx, row.user_id, 1);
        }
        await updateQuestion(trx, id, { post_update_time: now });
      },
      async reject(trx, now) {
        const links = await hiddenLinks(trx);
        await setLinkStatus(
          trx,
          links.map((l) => l.id),
          TAG_REL.deleted,
          now,
        );
      },
    };
  };
}
