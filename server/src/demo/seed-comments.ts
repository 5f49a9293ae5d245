import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { commentText, TOPIC_SUPPORT } from './text';
import { insertAll } from './seed-db';
import { CHUNK, type WriteContext } from './seed-context';
import { flushNotifications } from './seed-notifications';

export async function writeComments(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const order = plan.comments
    .map((_, i) => i)
    .sort((a, b) => plan.comments[a]!.created - plan.comments[b]!.created || a - b);
  for (let from = 0; from < order.length; from += CHUNK) {
    const chunk = order.slice(from, from + CHUNK);
    await ctx.seq.activity.ensure(ctx.trx, chunk.length);
    const comments: Insertable<DB['comment']>[] = [];
    const activities: Insertable<DB['activity']>[] = [];
    for (const c of chunk) {
      const comment = plan.comments[c]!;
      const q = plan.questions[comment.question]!;
      const id = ctx.commentIds[c]!;
      const qid = ctx.questionIds[comment.question]!;
      const objectId = comment.onAnswer ? ctx.answerIds[comment.object]! : qid;
      const objectAuthor = comment.onAnswer ? plan.answers[comment.object]!.author : q.author;
      const mentioned = comment.mention === null ? undefined : plan.users[comment.mention]!;
      const text = commentText({
        seed: plan.seed,
        index: c,
        topic: q.topic === TOPIC_SUPPORT ? -1 : q.topic,
        onAnswer: comment.onAnswer,
        reply: comment.replyTo !== null,
        ...(mentioned ? { mention: { display: mentioned.display, username: mentioned.username } } : {}),
      });
      const replied = comment.replyTo === null ? null : plan.comments[comment.replyTo]!;
      comments.push({
        id,
        user_id: ctx.userId(comment.author),
        reply_user_id: replied ? ctx.userId(replied.author) : null,
        reply_comment_id: comment.replyTo === null ? null : ctx.commentIds[comment.replyTo]!,
        object_id: objectId,
        question_id: qid,
        vote_count: comment.voteCount,
        status: comment.status,
        original_text: text.markdown,
        parsed_text: text.html,
        created_at: comment.created,
        updated_at: comment.created,
      });
      activities.push(
        ctx.activity(
          ctx.userId(comment.author),
          id,
          objectId,
          comment.onAnswer ? 'answer.commented' : 'question.commented',
          comment.created,
        ),
      );
      if (comment.status !== 1) continue;
      // One notification per comment: a reply beats a mention beats the post's author.
      const [receiver, action] =
        replied !== null
          ? [replied.author, 'reply_to_you']
          : comment.mention !== null
            ? [comment.mention, 'mention_you']
            : [objectAuthor, comment.onAnswer ? 'comment_answer' : 'comment_question'];
      if (receiver !== comment.author) {
        ctx.notify({
          user: receiver,
          objectId: id,
          type: 1,
          msgType: 1,
          action,
          trigger: comment.author,
          rank: 0,
          objectType: 'comment',
          title: ctx.titles[comment.question]!,
          map: comment.onAnswer ? { question: qid, answer: objectId, comment: id } : { question: qid, comment: id },
          created: comment.created,
          updated: comment.created,
        });
      }
    }
    await insertAll(ctx.trx, 'comment', comments, 300);
    await insertAll(ctx.trx, 'activity', activities);
    await flushNotifications(ctx);
  }
}
