import { isUniqueViolation } from '../../db/dialect';
import type { JobHandler, JobItemFailure } from '../job/runner';
import { checkBulkLines, type BulkLine, type NewMember } from './bulk';
import type { AdminUsersService } from './service';
import { BULK_ADD_JOB, REASONS } from './table';

/** Lines per step: each step hashes its passwords, then commits its accounts with the progress. */
const BATCH = 50;

type Good = { line: number; member: NewMember };

/**
 * The bulk import of members as a background job: every line is checked on its own; good lines
 * become accounts a batch at a time, each batch committed with the job's progress, so the import
 * resumes after the last committed batch when another process takes it over. A line that cannot
 * become an account is a failure naming its line and reason; the other lines are imported.
 */
export function bulkAddJob(users: AdminUsersService): JobHandler {
  return {
    kind: BULK_ADD_JOB,
    sealed: true,
    async run(ctx) {
      const { text } = JSON.parse(ctx.input) as { text: string };
      const lines = checkBulkLines(text);
      await ctx.setTotal(lines.length);
      let created = 0;
      for (let start = ctx.done; start < lines.length; start += BATCH) {
        if (ctx.signal.aborted) return;
        const batch = lines.slice(start, start + BATCH);
        created += await importBatch(users, ctx, batch);
      }
      return { created };
    },
  };
}

const failureOf = (l: Extract<BulkLine, { failure: unknown }>): JobItemFailure => ({
  item: l.line,
  reason: l.failure.reason,
  params: l.failure.params,
});
const takenFailure = (line: number): JobItemFailure => ({
  item: line,
  reason: REASONS.bulkEmailTaken,
  params: { line },
});

async function importBatch(
  users: AdminUsersService,
  ctx: Parameters<JobHandler['run']>[0],
  batch: BulkLine[],
): Promise<number> {
  const failures: JobItemFailure[] = [];
  const good: Good[] = [];
  for (const l of batch)
    if ('failure' in l) failures.push(failureOf(l));
    else good.push(l);
  const taken = await users.takenEmailKeys(good.map((g) => g.member.emailKey));
  const fresh = good.filter((g) => !taken.has(g.member.emailKey));
  for (const g of good) if (taken.has(g.member.emailKey)) failures.push(takenFailure(g.line));
  const hashes = await users.hashPasswords(fresh.map((g) => g.member));
  failures.sort((a, b) => a.item - b.item);
  try {
    await ctx.step({ handled: batch.length, failures }, async (trx) => {
      await users.insertMembers(
        trx,
        fresh.map((g) => g.member),
        hashes,
      );
    });
    return fresh.length;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // An address was taken while the batch was hashed: each line on its own, so only that one fails.
  let created = 0;
  const byLine = new Map(fresh.map((g, i) => [g.line, i]));
  for (const l of batch) {
    const i = byLine.get(l.line);
    const own = failures.filter((f) => f.item === l.line);
    if (i === undefined) {
      await ctx.step({ handled: 1, failures: own });
      continue;
    }
    try {
      await ctx.step({ handled: 1 }, async (trx) => {
        await users.insertMembers(trx, [fresh[i]!.member], [hashes[i]!]);
      });
      created += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await ctx.step({ handled: 1, failures: [takenFailure(l.line)] });
    }
  }
  return created;
}
