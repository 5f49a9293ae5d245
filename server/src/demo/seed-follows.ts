import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { formatObjectId } from '../db/ids';
import { insertAll } from './seed-db';
import type { WriteContext } from './seed-context';

export async function writeFollows(ctx: WriteContext): Promise<number> {
  const plan = ctx.plan;
  const rows: Insertable<DB['activity']>[] = [];
  const total = plan.questions.reduce((n, q) => n + q.followers.length, 0) + plan.tagFollows.length;
  await ctx.seq.activity.ensure(ctx.trx, total);
  plan.questions.forEach((q, i) => {
    const id = ctx.questionIds[i]!;
    for (const [u, time] of q.followers) rows.push(ctx.activity(ctx.userId(u), id, id, 'question.follow', time));
  });
  for (const [u, t, time] of plan.tagFollows) {
    const id = ctx.tagIds[t]!;
    rows.push(ctx.activity(ctx.userId(u), id, id, 'tag.follow', time));
  }
  await insertAll(ctx.trx, 'activity', rows);
  return total;
}

export async function writeBookmarks(ctx: WriteContext): Promise<number> {
  const plan = ctx.plan;
  const groups = new Map(ctx.env.defaultGroups);
  const newGroups: Insertable<DB['collection_group']>[] = [];
  const rows: Insertable<DB['collection']>[] = [];
  const bookmarkers = new Set<number>();
  for (const q of plan.questions) for (const [u] of q.bookmarks) bookmarkers.add(u);
  await ctx.seq.collection_group.ensure(ctx.trx, bookmarkers.size);
  for (const u of [...bookmarkers].sort((a, b) => a - b)) {
    const userId = ctx.userId(u);
    if (groups.has(userId)) continue;
    const id = ctx.seq.collection_group.take();
    groups.set(userId, id);
    const time = Math.max(plan.users[u]!.created, plan.start);
    newGroups.push({ id, user_id: userId, name: 'default', default_group: 1, created_at: time, updated_at: time });
  }
  let counter = ctx.collectionBase;
  plan.questions.forEach((q, i) => {
    for (const [u, time] of q.bookmarks) {
      const userId = ctx.userId(u);
      rows.push({
        id: formatObjectId('collection', counter++),
        user_id: userId,
        object_id: ctx.questionIds[i]!,
        user_collection_group_id: groups.get(userId)!,
        created_at: time,
        updated_at: time,
      });
    }
  });
  await insertAll(ctx.trx, 'collection_group', newGroups);
  await insertAll(ctx.trx, 'collection', rows);
  return rows.length;
}
