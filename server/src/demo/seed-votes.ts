import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { ConfigKey } from './environment';
import { C, Q } from './plan';
import { insertAll } from './seed-db';
import { CHUNK, type NotificationDraft, type WriteContext } from './seed-context';
import { flushNotifications } from './seed-notifications';

/** Activations, votes and accepts in time order, so activity ids follow the order they happened in. */
export async function writeRankEvents(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const achievements = new Map<string, NotificationDraft>();
  const achieve = (
    user: number,
    objectId: string,
    objectType: 'question' | 'answer',
    question: number,
    rank: number,
    time: number,
  ) => {
    if (rank === 0) return;
    const key = `${user}:${objectId}`;
    const found = achievements.get(key);
    if (found) {
      found.rank += rank;
      found.updated = time;
      return;
    }
    const qid = ctx.questionIds[question]!;
    achievements.set(key, {
      user,
      objectId,
      type: 2,
      msgType: 1,
      action: '',
      trigger: null,
      rank,
      objectType,
      title: ctx.titles[question]!,
      map: objectType === 'answer' ? { question: qid, answer: objectId } : { question: qid },
      created: time,
      updated: time,
    });
  };
  for (let from = 0; from < plan.events.length; from += CHUNK) {
    const chunk = plan.events.slice(from, from + CHUNK);
    await ctx.seq.activity.ensure(ctx.trx, chunk.length * 2);
    const activities: Insertable<DB['activity']>[] = [];
    for (const event of chunk) {
      if (event.type === 'activation') {
        const user = plan.users[event.user]!;
        const id = String(user.id);
        activities.push(ctx.activity(user.id, id, id, 'user.activated', event.time, { rank: user.activation }));
        continue;
      }
      if (event.type === 'accept') {
        const q = plan.questions[event.question]!;
        const answer = plan.answers[q.accepted!]!;
        const aid = ctx.answerIds[q.accepted!]!;
        const qid = ctx.questionIds[event.question]!;
        activities.push(
          ctx.activity(ctx.userId(answer.author), aid, qid, 'answer.accepted', event.time, {
            trigger: ctx.userId(q.author),
            rank: q.acceptRankAnswerer,
          }),
          ctx.activity(ctx.userId(q.author), aid, qid, 'answer.accept', event.time, { rank: q.acceptRankAsker }),
        );
        achieve(answer.author, aid, 'answer', event.question, q.acceptRankAnswerer, event.time);
        achieve(q.author, aid, 'answer', event.question, q.acceptRankAsker, event.time);
        if (answer.author !== q.author) {
          ctx.notify({
            user: answer.author,
            objectId: aid,
            type: 1,
            msgType: 1,
            action: 'accept_answer',
            trigger: q.author,
            rank: 0,
            objectType: 'answer',
            title: ctx.titles[event.question]!,
            map: { question: qid, answer: aid },
            created: event.time,
            updated: event.time,
          });
        }
        continue;
      }
      const v = plan.votes[event.vote]!;
      const voter = ctx.userId(v.voter);
      if (v.kind === C) {
        const comment = plan.comments[v.target]!;
        const cid = ctx.commentIds[v.target]!;
        activities.push(ctx.activity(voter, cid, cid, 'comment.vote_up', v.time, { rank: v.voterRank }));
        const qid = ctx.questionIds[comment.question]!;
        ctx.notify({
          user: comment.author,
          objectId: cid,
          type: 1,
          msgType: 2,
          action: 'up_voted_comment',
          trigger: v.voter,
          rank: 0,
          objectType: 'comment',
          title: ctx.titles[comment.question]!,
          map: comment.onAnswer
            ? { question: qid, answer: ctx.answerIds[comment.object]!, comment: cid }
            : { question: qid, comment: cid },
          created: v.time,
          updated: v.time,
        });
        continue;
      }
      const onQuestion = v.kind === Q;
      const question = onQuestion ? v.target : plan.answers[v.target]!.question;
      const objectId = onQuestion ? ctx.questionIds[v.target]! : ctx.answerIds[v.target]!;
      const author = onQuestion ? plan.questions[v.target]!.author : plan.answers[v.target]!.author;
      const prefix = onQuestion ? 'question' : 'answer';
      const direction = v.up ? 'up' : 'down';
      activities.push(
        ctx.activity(voter, objectId, objectId, `${prefix}.vote_${direction}` as ConfigKey, v.time, {
          rank: v.voterRank,
        }),
        ctx.activity(ctx.userId(author), objectId, objectId, `${prefix}.voted_${direction}` as ConfigKey, v.time, {
          trigger: voter,
          rank: v.authorRank,
        }),
      );
      achieve(author, objectId, prefix, question, v.authorRank, v.time);
      const qid = ctx.questionIds[question]!;
      ctx.notify({
        user: author,
        objectId,
        type: 1,
        msgType: 2,
        action: `${direction}_voted_${prefix}`,
        trigger: v.voter,
        rank: 0,
        objectType: prefix,
        title: ctx.titles[question]!,
        map: onQuestion ? { question: qid } : { question: qid, answer: objectId },
        created: v.time,
        updated: v.time,
      });
    }
    await insertAll(ctx.trx, 'activity', activities);
    await flushNotifications(ctx);
  }
  // Achievements are merged per receiver and object (one per pair), so they are written last.
  for (const draft of achievements.values()) ctx.notify(draft);
}
