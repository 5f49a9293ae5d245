import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { questionFollowers } from '../follow/service';
import { notifyInbox, postNotice } from '../notification/inbox';
import { SHOW } from '../post/table';
import type { QueuedPostSource } from '../review/table';
import { countQuestionAnswer, countUserAnswer, selectAnswerWithQuestion, selectQuestionTitle } from './repository';
import { ANSWER_STATUS } from './table';

/**
 * Queued answers (status 11): what counts an answer once it is published, whether at once or when a
 * reviewer approves it, and the answer side of the review queue.
 */

/** The question an answer is published on: its asker, title and whether it is listed. */
export interface AnsweredQuestion {
  userId: number;
  title: string;
  show: number;
}

/**
 * A published answer counts on its question (answer_count, now its last answer, active time) and for
 * its author, and is announced: the asker gets answer_the_question, every other member following the
 * question answer_the_followed_question (an unlisted question: only its staff followers, the others
 * cannot see it); the answerer hears nothing of their own answer.
 */
export async function publishAnswer(
  trx: Transaction<DB>,
  answer: { id: string; question_id: string; user_id: number },
  question: AnsweredQuestion,
  now: number,
): Promise<void> {
  await countQuestionAnswer(trx, answer.question_id, answer.id, now);
  await countUserAnswer(trx, answer.user_id, 1);
  const object = postNotice({ questionId: answer.question_id, title: question.title, answerId: answer.id });
  const followers = await questionFollowers(trx, answer.question_id, question.show === SHOW.unlisted);
  const told = { triggerUserId: answer.user_id, object, now };
  await notifyInbox(trx, [
    { ...told, userId: question.userId, action: 'answer_the_question' },
    ...followers
      .filter((id) => id !== question.userId)
      .map((userId) => ({ ...told, userId, action: 'answer_the_followed_question' })),
  ]);
}

/** A pending answer for the review queue: approving publishes it as a new answer; rejecting writes nothing more. */
export function queuedAnswers(db: Kysely<DB>): QueuedPostSource {
  return async (id) => {
    const row = await selectAnswerWithQuestion(db, id);
    if (!row || row.status !== ANSWER_STATUS.pending) return undefined;
    const title = (await selectQuestionTitle(db, row.question_id)) ?? '';
    const question = { userId: Number(row.q_user_id), title, show: Number(row.q_show) };
    return {
      id,
      type: 'answer',
      authorId: row.user_id,
      questionId: row.question_id,
      title,
      map: { question: row.question_id, answer: id },
      publish: (trx, now) => publishAnswer(trx, row, question, now),
      reject: async () => {},
    };
  };
}
