import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { OBJECT_TYPES } from '../db/ids';
import { EDIT_SUMMARIES } from './corpus';
import { hashSeed, Random } from './prng';
import { answerText } from './text';
import { insertAll } from './seed-db';
import { CHUNK, type WriteContext } from './seed-context';
import { flushNotifications } from './seed-notifications';

export async function writeAnswers(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const random = new Random(hashSeed(`${plan.seed}:answer-edits`));
  const order = plan.answers
    .map((_, i) => i)
    .sort((a, b) => plan.answers[a]!.created - plan.answers[b]!.created || a - b);
  for (let from = 0; from < order.length; from += CHUNK) {
    const chunk = order.slice(from, from + CHUNK);
    await ctx.seq.revision.ensure(ctx.trx, chunk.length * 2);
    await ctx.seq.activity.ensure(ctx.trx, chunk.length * 2);
    await ctx.seq.question_link.ensure(ctx.trx, chunk.length);
    const revisions: Insertable<DB['revision']>[] = [];
    const answers: Insertable<DB['answer']>[] = [];
    const activities: Insertable<DB['activity']>[] = [];
    const links: Insertable<DB['question_link']>[] = [];
    for (const a of chunk) {
      const answer = plan.answers[a]!;
      const q = plan.questions[answer.question]!;
      const id = ctx.answerIds[a]!;
      const qid = ctx.questionIds[answer.question]!;
      const author = ctx.userId(answer.author);
      const text = answerText({
        seed: plan.seed,
        index: a,
        topic: q.topic,
        variant: q.variant,
        position: q.answers.indexOf(a),
        edited: answer.edited,
        ...(answer.linkTo !== null && answer.status === 1
          ? { link: { title: ctx.titles[answer.linkTo]!, path: ctx.questionPath(answer.linkTo) } }
          : {}),
      });
      const first = ctx.seq.revision.take();
      const snapshot = (body: string) => JSON.stringify({ question_id: qid, original_text: body });
      revisions.push({
        id: first,
        user_id: author,
        object_type: OBJECT_TYPES.answer,
        object_id: id,
        title: ctx.titles[answer.question]!,
        content: snapshot((text.before ?? text).markdown),
        log: '',
        status: 0,
        review_user_id: null,
        created_at: answer.created,
        updated_at: answer.created,
      });
      let current = first;
      if (answer.edited) {
        current = ctx.seq.revision.take();
        revisions.push({
          id: current,
          user_id: author,
          object_type: OBJECT_TYPES.answer,
          object_id: id,
          title: ctx.titles[answer.question]!,
          content: snapshot(text.markdown),
          log: random.pick(EDIT_SUMMARIES),
          status: 2,
          review_user_id: null,
          created_at: answer.editTime,
          updated_at: answer.editTime,
        });
      }
      answers.push({
        id,
        question_id: qid,
        user_id: author,
        last_edit_user_id: answer.edited ? author : null,
        original_text: text.markdown,
        parsed_text: text.html,
        status: answer.status,
        adopted: answer.adopted,
        comment_count: answer.commentCount,
        vote_count: answer.voteCount,
        revision_id: current,
        created_at: answer.created,
        updated_at: answer.edited ? answer.editTime : answer.created,
      });
      activities.push(ctx.activity(author, id, id, 'answer.answered', answer.created, { revision: first }));
      if (answer.edited)
        activities.push(ctx.activity(author, id, id, 'answer.edited', answer.editTime, { revision: current }));
      if (answer.linkTo !== null && answer.status === 1) {
        links.push({
          id: ctx.seq.question_link.take(),
          from_question_id: qid,
          from_answer_id: id,
          to_question_id: ctx.questionIds[answer.linkTo]!,
          to_answer_id: null,
          status: 1,
          created_at: answer.created,
          updated_at: answer.created,
        });
      }
      if (answer.status === 1 && answer.author !== q.author) {
        ctx.notify({
          user: q.author,
          objectId: id,
          type: 1,
          msgType: 1,
          action: 'answer_the_question',
          trigger: answer.author,
          rank: 0,
          objectType: 'answer',
          title: ctx.titles[answer.question]!,
          map: { question: qid, answer: id },
          created: answer.created,
          updated: answer.created,
        });
      }
    }
    await insertAll(ctx.trx, 'revision', revisions, 200);
    await insertAll(ctx.trx, 'answer', answers, 200);
    await insertAll(ctx.trx, 'activity', activities);
    await insertAll(ctx.trx, 'question_link', links);
    await flushNotifications(ctx);
  }
}
