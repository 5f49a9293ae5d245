import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { OBJECT_TYPES } from '../db/ids';
import { EDIT_SUMMARIES, SUGGESTED_EDIT_SUMMARIES } from './corpus';
import { DAY } from './plan';
import { hashSeed, Random } from './prng';
import { questionText } from './text';
import { insertAll } from './seed-db';
import { CHUNK, type WriteContext } from './seed-context';
import { flushNotifications } from './seed-notifications';

export async function writeQuestions(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const random = new Random(hashSeed(`${plan.seed}:edits`));
  for (let from = 0; from < plan.questions.length; from += CHUNK) {
    const chunk = plan.questions.slice(from, from + CHUNK);
    await ctx.seq.revision.ensure(ctx.trx, chunk.length * 3);
    await ctx.seq.activity.ensure(ctx.trx, chunk.length * 4);
    await ctx.seq.tag_rel.ensure(ctx.trx, chunk.length * 5);
    await ctx.seq.meta.ensure(ctx.trx, chunk.length);
    await ctx.seq.question_link.ensure(ctx.trx, chunk.length);
    const revisions: Insertable<DB['revision']>[] = [];
    const questions: Insertable<DB['question']>[] = [];
    const tagRels: Insertable<DB['tag_rel']>[] = [];
    const activities: Insertable<DB['activity']>[] = [];
    const metas: Insertable<DB['meta']>[] = [];
    const links: Insertable<DB['question_link']>[] = [];
    chunk.forEach((q, k) => {
      const i = from + k;
      const id = ctx.questionIds[i]!;
      const author = ctx.userId(q.author);
      const text = questionText({
        seed: plan.seed,
        index: i,
        topic: q.topic,
        variant: q.variant,
        siteName: plan.siteName,
        edited: q.editor !== null,
        ...(q.linkTo !== null ? { link: { title: ctx.titles[q.linkTo]!, path: ctx.questionPath(q.linkTo) } } : {}),
      });
      ctx.titles[i] = text.title;
      const tags = ctx.tagSnapshot(q);
      const snapshot = (body: string) => JSON.stringify({ title: text.title, original_text: body, tags });
      const created = ctx.seq.revision.take();
      revisions.push({
        id: created,
        user_id: author,
        object_type: OBJECT_TYPES.question,
        object_id: id,
        title: text.title,
        content: snapshot((text.before ?? text).markdown),
        log: '',
        status: 0,
        review_user_id: null,
        created_at: q.created,
        updated_at: q.created,
      });
      let current = created;
      if (q.editor !== null) {
        current = ctx.seq.revision.take();
        revisions.push({
          id: current,
          user_id: ctx.userId(q.editor),
          object_type: OBJECT_TYPES.question,
          object_id: id,
          title: text.title,
          content: snapshot(text.markdown),
          log: random.pick(EDIT_SUMMARIES),
          status: 2,
          review_user_id: null,
          created_at: q.editTime,
          updated_at: q.editTime,
        });
      }
      if (q.suggestedBy !== null) {
        revisions.push({
          id: ctx.seq.revision.take(),
          user_id: ctx.userId(q.suggestedBy),
          object_type: OBJECT_TYPES.question,
          object_id: id,
          title: text.title,
          content: snapshot(`${text.markdown}\n\nSee also [the documentation](https://example.org/docs).`),
          log: random.pick(SUGGESTED_EDIT_SUMMARIES),
          status: 1,
          review_user_id: null,
          created_at: q.suggestedTime,
          updated_at: q.suggestedTime,
        });
      }
      questions.push({
        id,
        user_id: author,
        invite_user_id: q.invited.length ? JSON.stringify(q.invited.map((u) => String(ctx.userId(u)))) : null,
        last_edit_user_id: q.editor === null ? null : ctx.userId(q.editor),
        title: text.title,
        original_text: text.markdown,
        parsed_text: text.html,
        pin: q.pin,
        show: q.show,
        status: q.status,
        view_count: q.views,
        unique_view_count: q.uniqueViews,
        vote_count: q.voteCount,
        answer_count: q.answers.filter((a) => plan.answers[a]!.status === 1).length,
        collection_count: q.bookmarks.length,
        follow_count: q.followers.length,
        hot_score: q.hotScore,
        accepted_answer_id: q.accepted === null ? null : ctx.answerIds[q.accepted]!,
        last_answer_id: q.lastAnswer === null ? null : ctx.answerIds[q.lastAnswer]!,
        post_update_time: q.postUpdate,
        revision_id: current,
        linked_count: q.linkedCount,
        created_at: q.created,
        updated_at: Math.max(q.created, q.editTime, q.closeTime),
        // Sample content is not news: no new-question mails for it.
        mail_state: 'done',
      });
      const relStatus = q.status === 10 ? 10 : q.show === 2 ? 2 : 1;
      for (const t of q.tags) {
        tagRels.push({
          id: ctx.seq.tag_rel.take(),
          object_id: id,
          tag_id: ctx.tagIds[t]!,
          status: relStatus,
          created_at: q.created,
          updated_at: q.created,
        });
      }
      activities.push(ctx.activity(author, id, id, 'question.asked', q.created, { revision: created }));
      if (q.editor !== null) {
        activities.push(
          ctx.activity(ctx.userId(q.editor), id, id, 'question.edited', q.editTime, { revision: current }),
        );
      }
      if (q.pin === 2) activities.push(ctx.activity(author, id, id, 'question.pin', q.created + 60_000));
      if (q.closedBy !== null) {
        activities.push(ctx.activity(ctx.userId(q.closedBy), id, id, 'question.closed', q.closeTime));
        metas.push({
          id: ctx.seq.meta.take(),
          object_id: id,
          key: 'question.close.reason',
          value: JSON.stringify({
            close_type: q.closeReason,
            close_msg: q.duplicateOf === null ? '' : ctx.siteLink(q.duplicateOf),
          }),
          created_at: q.closeTime,
          updated_at: q.closeTime,
        });
      }
      if (q.hiddenBy !== null)
        activities.push(ctx.activity(ctx.userId(q.hiddenBy), id, id, 'question.hide', q.closeTime));
      if (q.status === 10) {
        activities.push(ctx.activity(author, id, id, 'question.deleted', Math.min(plan.now - 60_000, q.created + DAY)));
      }
      if (q.linkTo !== null) {
        links.push({
          id: ctx.seq.question_link.take(),
          from_question_id: id,
          from_answer_id: null,
          to_question_id: ctx.questionIds[q.linkTo]!,
          to_answer_id: null,
          status: 1,
          created_at: q.created,
          updated_at: q.created,
        });
      }
      if (q.invited.length && q.status === 1) {
        for (const u of q.invited) {
          ctx.notify({
            user: u,
            objectId: id,
            type: 1,
            msgType: 3,
            action: 'invited_you_to_answer',
            trigger: q.author,
            rank: 0,
            objectType: 'question',
            title: text.title,
            map: { question: id },
            created: q.created,
            updated: q.created,
          });
        }
      }
    });
    await insertAll(ctx.trx, 'revision', revisions, 200);
    await insertAll(ctx.trx, 'question', questions, 200);
    await insertAll(ctx.trx, 'tag_rel', tagRels);
    await insertAll(ctx.trx, 'activity', activities);
    await insertAll(ctx.trx, 'meta', metas);
    await insertAll(ctx.trx, 'question_link', links);
    await flushNotifications(ctx);
  }
}
