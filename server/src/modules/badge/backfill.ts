import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobHandler } from '../job/runner';
import { ACTIVITY_RULES, awardBadges, profileComplete } from './awards';
import * as history from './history-repository';
import * as repo from './repository';
import { BADGE_SINGLE, thresholdOf, type BadgeHandler, type BadgeRow } from './table';

/** The job kind that awards badges over a site's history. */
export const BADGE_BACKFILL_JOB = 'badge.backfill';

/** Members per step. */
const BATCH = 50;

/** The activity keys behind each member-wide rule that counts activities. */
function activityKeys(handler: BadgeHandler): string[] {
  return Object.entries(ACTIVITY_RULES)
    .filter(([, handlers]) => handlers.includes(handler))
    .map(([key]) => key);
}

/** A member-wide rule's value for a member as their history stands. */
async function historyValue(trx: Transaction<DB>, userId: number, handler: BadgeHandler): Promise<number> {
  switch (handler) {
    case 'reputation':
      return Number((await repo.userFacts(trx, userId))?.rank ?? 0);
    case 'visit_streak':
      return Number((await repo.userFacts(trx, userId))?.visit_streak ?? 0);
    case 'profile_completed': {
      const user = await repo.userFacts(trx, userId);
      return user && profileComplete(user) ? 1 : 0;
    }
    case 'first_flag':
      return (await history.hasRow(trx, 'report', userId)) ? 1 : 0;
    case 'first_bookmark':
      return (await history.hasRow(trx, 'collection', userId)) ? 1 : 0;
    default:
      return history.countActivities(trx, userId, activityKeys(handler));
  }
}

/** Per-post rules: the posts they look at and the column they compare. */
const POST_RULES = {
  question_score: { type: 'question', column: 'vote_count' },
  answer_score: { type: 'answer', column: 'vote_count' },
  question_views: { type: 'question', column: 'view_count' },
} as const;
type PostHandler = keyof typeof POST_RULES;

/** Awards one member every badge of `badges` they already qualify for, through the rules of awards.ts. */
async function backfillMember(trx: Transaction<DB>, userId: number, badges: BadgeRow[], now: number) {
  const only = new Set(badges.map((b) => b.id));
  const memberWide = badges.filter((b) => Number(b.single) !== BADGE_SINGLE.post);
  const handlers = [...new Set(memberWide.map((b) => b.handler as BadgeHandler))];
  if (handlers.length)
    await awardBadges(
      trx,
      { kind: 'history', userId, handlers, value: (handler) => historyValue(trx, userId, handler) },
      now,
      only,
    );
  for (const [handler, rule] of Object.entries(POST_RULES) as Array<[PostHandler, (typeof POST_RULES)[PostHandler]]>) {
    const of = badges.filter((b) => b.handler === handler);
    if (of.length === 0) continue;
    const min = Math.min(...of.map(thresholdOf));
    for (const postId of await history.postsReaching(trx, rule.type, rule.column, userId, min)) {
      const event =
        handler === 'question_views'
          ? ({ kind: 'views', questionId: postId } as const)
          : ({ kind: 'score', type: rule.type, objectId: postId } as const);
      await awardBadges(trx, event, now, only);
    }
  }
}

/**
 * Badges awarded over a site's history as a background job: every member (not deleted) who already
 * meets a badge's rule gets it, through the same rules and award writes as live events, so a badge a
 * member holds is never awarded twice. Input `{badges: ids}`; none: every active badge (the first run
 * on a site with history). Members are visited by id, a batch per step; the cursor is the last id.
 */
export function badgeBackfillJob(db: Kysely<DB>, clock: { now?: () => number } = {}): JobHandler {
  const now = clock.now ?? Date.now;
  return {
    kind: BADGE_BACKFILL_JOB,
    async run(ctx) {
      const { badges: ids = [] } = JSON.parse(ctx.input) as { badges?: string[] };
      const badges = await history.activeBadges(db, ids);
      await ctx.setTotal(badges.length ? await history.countMembers(db) : 0);
      if (badges.length === 0) return { awarded: 0 };
      let after = Number(ctx.cursor || 0);
      const before = await countAwards(db, badges);
      for (;;) {
        if (ctx.signal.aborted) return;
        const members = await history.membersAfter(db, after, BATCH);
        if (members.length === 0) break;
        after = members[members.length - 1]!;
        await ctx.step({ handled: members.length, cursor: String(after) }, async (trx) => {
          for (const userId of members) await backfillMember(trx, userId, badges, now());
        });
      }
      return { awarded: (await countAwards(db, badges)) - before };
    },
  };
}

async function countAwards(db: Kysely<DB>, badges: BadgeRow[]): Promise<number> {
  const row = await db
    .selectFrom('badge_award')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(
      'badge_id',
      'in',
      badges.map((b) => b.id),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
