import { formatObjectId, OBJECT_TYPES, type ObjectType } from '../db/ids';
import { insertAll, reserve } from './seed-db';
import type { DemoCounts, WriteContext } from './seed-context';
import { flushNotifications, writeNotificationConfigs } from './seed-notifications';
import { writeUsers } from './seed-users';
import { writeTags } from './seed-tags';
import { writeQuestions } from './seed-questions';
import { writeAnswers } from './seed-answers';
import { writeComments } from './seed-comments';
import { writeRankEvents } from './seed-votes';
import { writeBookmarks, writeFollows } from './seed-follows';
import { writeReports } from './seed-reports';

/** Writes a plan: every table in foreign-key order, in batches, counters as planned. */
export async function writePlan(ctx: WriteContext): Promise<DemoCounts> {
  const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    ctx.log(`${what}: ${Math.round(performance.now() - started)} ms`);
    return result;
  };
  await timed('ids', () => allocateObjects(ctx));
  await timed('users', () => writeUsers(ctx));
  await timed('tags', () => writeTags(ctx));
  await timed('questions', () => writeQuestions(ctx));
  await timed('answers', () => writeAnswers(ctx));
  await timed('comments', () => writeComments(ctx));
  await timed('votes, accepts, activations', () => writeRankEvents(ctx));
  const follows = await timed('follows', () => writeFollows(ctx));
  const bookmarks = await timed('bookmarks', () => writeBookmarks(ctx));
  const reports = await timed('reports', () => writeReports(ctx));
  await timed('notifications', () => flushNotifications(ctx));
  const notifications = ctx.notificationCount;
  await timed('notification settings', () => writeNotificationConfigs(ctx));
  await timed('existing users and tags', () => updateExisting(ctx));
  for (const seq of Object.values(ctx.seq)) await seq.finish(ctx.trx);
  const plan = ctx.plan;
  return {
    users: plan.users.filter((u) => !u.existing).length,
    tags: plan.tags.filter((t) => !t.existing).length,
    questions: plan.questions.length,
    answers: plan.answers.length,
    comments: plan.comments.length,
    votes: plan.votes.filter((v) => v.voter >= 0).length,
    accepted: plan.questions.filter((q) => q.accepted !== null).length,
    bookmarks,
    follows,
    notifications,
    reports,
    activities: ctx.activities,
  };
}

/** One block of the global object counter, handed out by plan index (answers and comments in time order). */
export async function allocateObjects(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const newTags = plan.tags.filter((t) => !t.existing).length;
  const bookmarks = plan.questions.reduce((n, q) => n + q.bookmarks.length, 0);
  const total =
    newTags + plan.questions.length + plan.answers.length + plan.comments.length + bookmarks + plan.reports.length;
  let counter = await reserve(ctx.trx, 'uniqid', total);
  const uniqid: Array<{ id: number; uniqid_type: number }> = [];
  const take = (type: ObjectType) => {
    uniqid.push({ id: counter, uniqid_type: OBJECT_TYPES[type] });
    return formatObjectId(type, counter++);
  };
  ctx.tagIds = plan.tags.map((t) => t.id ?? take('tag'));
  ctx.questionIds = plan.questions.map(() => take('question'));
  const byTime = (items: Array<{ created: number }>) =>
    items.map((_, i) => i).sort((a, b) => items[a]!.created - items[b]!.created || a - b);
  ctx.answerIds = new Array<string>(plan.answers.length);
  for (const a of byTime(plan.answers)) ctx.answerIds[a] = take('answer');
  ctx.commentIds = new Array<string>(plan.comments.length);
  for (const c of byTime(plan.comments)) ctx.commentIds[c] = take('comment');
  ctx.collectionBase = counter;
  for (let i = 0; i < bookmarks; i++) take('collection');
  ctx.reportBase = counter;
  for (let i = 0; i < plan.reports.length; i++) take('report');
  await insertAll(ctx.trx, 'uniqid', uniqid, 2_000);
}

/** Existing accounts and tags: counters raised by what the demo added (never overwritten). */
export async function updateExisting(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  for (const u of plan.users) {
    if (!u.existing || !u.participates) continue;
    const rank = u.rank - u.baseRank;
    // Content is dated back to the start of the timeline: so is the account (the admin was created at install).
    await ctx.trx
      .updateTable('user')
      .set((eb) => ({
        rank: eb('rank', '+', rank),
        question_count: eb('question_count', '+', u.questions),
        answer_count: eb('answer_count', '+', u.answers),
        created_at: u.created,
      }))
      .where('id', '=', u.id)
      .execute();
  }
  for (const [i, t] of plan.tags.entries()) {
    if (!t.existing || (t.questionCount === 0 && t.followCount === 0)) continue;
    await ctx.trx
      .updateTable('tag')
      .set((eb) => ({
        question_count: eb('question_count', '+', t.questionCount),
        follow_count: eb('follow_count', '+', t.followCount),
      }))
      .where('id', '=', ctx.tagIds[i]!)
      .execute();
  }
}
