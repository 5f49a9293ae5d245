import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { QueuedPostSource } from '../review/table';
import { countQuestionAnswer, countUserAnswer, selectAnswerWithQuestion, selectQuestionTitle } from './repository';
import { ANSWER_STATUS } from './table';

/**
 * Queued answers (status 11): what counts an answer once it is published, whether at once or when a
 * reviewer approves it, and the answer side of the review queue.
 */

/** A published answer counts on its question (answer_count, now its last answer, active time) and for its author. */
export async function publishAnswerCounts(
  trx: Transaction<DB>,
  answer: { id: string; question_id: string; user_id: number },
  now: number,
): Promise<void> {
  await countQuestionAnswer(trx, answer.question_id, answer.id, now);
  await countUserAnswer(trx, answer.user_id, 1);
}

/** A pending answer for the review queue: approving counts it as a new answer; rejecting writes nothing more. */
export function queuedAnswers(db: Kysely<DB>): QueuedPostSource {
  return async (id) => {
    const row = await selectAnswerWithQuestion(db, id);
    if (!row || row.status !== ANSWER_STATUS.pending) return undefined;
    const title = await selectQuestionTitle(db, row.question_id);
    return {
      id,
      type: 'answer',
      authorId: row.user_id,
      questionId: row.question_id,
      title: title ?? '',
      map: { question: row.question_id, answer: id },
      publish: (trx, now) => publishAnswerCounts(trx, row, now),
      reject: async () => {},
    };
  };
}
