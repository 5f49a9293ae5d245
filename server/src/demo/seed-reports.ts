import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { formatObjectId, OBJECT_TYPES } from '../db/ids';
import { A, Q } from './plan';
import { insertAll } from './seed-db';
import type { WriteContext } from './seed-context';

export async function writeReports(ctx: WriteContext): Promise<number> {
  const plan = ctx.plan;
  const rows: Insertable<DB['report']>[] = plan.reports.map((r, k) => {
    const objectId =
      r.kind === Q ? ctx.questionIds[r.target]! : r.kind === A ? ctx.answerIds[r.target]! : ctx.commentIds[r.target]!;
    const author =
      r.kind === Q
        ? plan.questions[r.target]!.author
        : r.kind === A
          ? plan.answers[r.target]!.author
          : plan.comments[r.target]!.author;
    return {
      id: formatObjectId('report', ctx.reportBase + k),
      user_id: ctx.userId(r.reporter),
      object_id: objectId,
      reported_user_id: ctx.userId(author),
      object_type: r.kind === Q ? OBJECT_TYPES.question : r.kind === A ? OBJECT_TYPES.answer : OBJECT_TYPES.comment,
      report_type: r.reason,
      content: r.duplicateOf === null ? r.content : ctx.siteLink(r.duplicateOf),
      flagged_type: null,
      flagged_content: null,
      status: r.status,
      created_at: r.time,
      updated_at: r.time,
    };
  });
  await insertAll(ctx.trx, 'report', rows);
  return rows.length;
}
