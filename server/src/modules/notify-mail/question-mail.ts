import { tagFollowers } from '../follow/service';
import { QUESTION_STATUS, SHOW, TAG_REL } from '../post/table';
import { emailSwitches } from '../profile/mapping';
import { questionLink, queueNotifyMail, reachable, siteContext } from './context';
import type { DispatchJob } from './inbox-mail';
import type { MailKind } from './render';
import * as repo from './repository';
import { writeTransaction } from '../../db/transaction';

/** New-question mails a member gets at most in any 7 days. */
export const NEW_QUESTION_CAP = 50;
export const WEEK_MS = 7 * 24 * 3600_000;
/**
 * A question not yet visible to everyone (unlisted) this long after it was asked gets no new-question
 * mails. A question waiting in the review queue is not counted: it gets them once approved.
 */
export const NEW_QUESTION_MAX_AGE_MS = 24 * 3600_000;

/** Visible to everyone: open or closed, and listed. */
export const VISIBLE = [QUESTION_STATUS.open, QUESTION_STATUS.closed] as number[];

/**
 * One pass of the new-question mails: every question waiting for them (question.mail_state NULL) that
 * everyone can see now gets one mail per member who asked for all new questions or follows one of its
 * tags with those mails on (one mail when both), never its author, at most NEW_QUESTION_CAP a member in
 * 7 days. A question still queued for review waits, however long, and is mailed once approved; a
 * deleted one, or one that stayed unlisted for a day, is settled without mail. The question's state moves by compare-and-set in the transaction that queues its mails,
 * and each (member, question) is recorded once, so no member gets a question twice. Returns how many
 * questions it settled.
 */
export async function dispatchNewQuestions(job: DispatchJob, batch: number): Promise<number> {
  const { db, now } = job;
  let settled = 0;
  for (const question of await repo.pendingQuestions(db, batch, QUESTION_STATUS.pending)) {
    const tooOld = question.created_at < now - NEW_QUESTION_MAX_AGE_MS;
    const visible = VISIBLE.includes(question.status) && question.show === SHOW.listed;
    if (!visible && !tooOld && question.status !== QUESTION_STATUS.deleted) continue;
    if (!visible) {
      if (await repo.settleQuestion(db, question.id, 'done')) settled += 1;
      continue;
    }
    try {
      await mailQuestion(job, question);
      settled += 1;
    } catch (error) {
      await repo.settleQuestion(db, question.id, 'failed');
      job.log.error(
        `question ${question.id}: no new-question mails (${error instanceof Error ? error.message : error})`,
      );
    }
  }
  return settled;
}

async function mailQuestion(job: DispatchJob, question: repo.QuestionFacts): Promise<void> {
  const { db, now } = job;
  const tags = await repo.questionTags(db, question.id, TAG_REL.available);
  const everything = await repo.membersWithSource(db, 'all_new_question');
  const followers = await tagFollowers(
    db,
    tags.map((t) => t.id),
  );
  // Members by ascending id: the rows written per member below are then taken in one order by every job.
  const candidates = [...new Set([...everything, ...followers])]
    .filter((id) => id !== question.user_id)
    .sort((a, b) => a - b);
  const switches = await repo.switchRows(db, candidates);
  const followerSet = new Set(followers);
  const kindOf = new Map<number, MailKind>();
  for (const id of candidates) {
    const on = emailSwitches(switches.filter((s) => Number(s.user_id) === id));
    if (on.all_new_question) kindOf.set(id, 'all_new_question');
    else if (on.all_new_question_for_following_tags && followerSet.has(id))
      kindOf.set(id, 'all_new_question_for_following_tags');
  }
  const members = await repo.membersByIds(db, [...kindOf.keys()]);
  const counts = await repo.questionMailCounts(db, [...kindOf.keys()], now - WEEK_MS);
  const ctx = await siteContext(job.settings);
  const link = questionLink(ctx, question.id, question.title);
  const author = (await repo.membersByIds(db, [question.user_id])).get(question.user_id);
  const params = {
    actor: author ? author.display_name || author.username : ctx.site.name,
    title: question.title,
    tags: tags.map((t) => t.display_name).join(', '),
  };
  await writeTransaction(db, async (trx) => {
    if (!(await repo.settleQuestion(trx, question.id, 'done'))) return;
    for (const [id, kind] of kindOf) {
      const member = members.get(id);
      if (!reachable(member) || (counts.get(id) ?? 0) >= NEW_QUESTION_CAP) continue;
      await repo.recordQuestionMail(trx, id, question.id, now);
      await queueNotifyMail(trx, { ctx, seal: job.seal, now }, member, kind, {
        template: 'new_question',
        params,
        link,
      });
    }
  });
}
