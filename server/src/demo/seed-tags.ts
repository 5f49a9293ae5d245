import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { OBJECT_TYPES } from '../db/ids';
import { tagText } from './text';
import { insertAll } from './seed-db';
import type { WriteContext } from './seed-context';

export async function writeTags(ctx: WriteContext): Promise<void> {
  const plan = ctx.plan;
  const creator = ctx.tagCreator();
  const fresh = plan.tags.map((t, i) => ({ t, i })).filter(({ t }) => !t.existing);
  if (fresh.length === 0) return;
  await ctx.seq.revision.ensure(ctx.trx, fresh.length);
  await ctx.seq.activity.ensure(ctx.trx, fresh.length);
  const revisions: Insertable<DB['revision']>[] = [];
  const tags: Insertable<DB['tag']>[] = [];
  const activities: Insertable<DB['activity']>[] = [];
  for (const { t, i } of fresh) {
    const text = tagText(t.description);
    const revision = ctx.seq.revision.take();
    const main = t.mainIndex === null ? null : plan.tags[t.mainIndex]!;
    revisions.push({
      id: revision,
      user_id: creator,
      object_type: OBJECT_TYPES.tag,
      object_id: ctx.tagIds[i]!,
      title: t.display,
      content: JSON.stringify({ slug_name: t.slug, display_name: t.display, original_text: text.markdown }),
      log: '',
      status: 0,
      review_user_id: null,
      created_at: t.created,
      updated_at: t.created,
    });
    tags.push({
      id: ctx.tagIds[i]!,
      main_tag_id: t.mainIndex === null ? null : ctx.tagIds[t.mainIndex]!,
      main_tag_slug_name: main?.slug ?? '',
      slug_name: t.slug,
      display_name: t.display,
      original_text: text.markdown,
      parsed_text: text.html,
      follow_count: t.followCount,
      question_count: t.questionCount,
      status: 1,
      recommend: t.recommend,
      reserved: t.reserved,
      revision_id: revision,
      user_id: creator,
      created_at: t.created,
      updated_at: t.created,
    });
    activities.push(ctx.activity(creator, ctx.tagIds[i]!, ctx.tagIds[i]!, 'tag.created', t.created, { revision }));
  }
  await insertAll(ctx.trx, 'revision', revisions);
  await insertAll(ctx.trx, 'tag', tags);
  await insertAll(ctx.trx, 'activity', activities);
}
