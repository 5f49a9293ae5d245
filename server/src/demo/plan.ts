import type { DemoEnvironment } from './environment';
import { Random, WeightedPicker } from './prng';
import {
  A,
  C,
  DAY,
  type Plan,
  type PlanOptions,
  type PlanQuestion,
  type PlanReport,
  type PlanVote,
  Q,
  ROLE_ADMIN,
  ROLE_MODERATOR,
} from './plan-types';
import { planTags, planUsers, rulesOf } from './plan-people';
import { capped, type Context, pickActor } from './plan-context';
import { planQuestions } from './plan-questions';
import { hotScore, simulate } from './plan-simulate';

export * from './plan-types';
export { hotScore } from './plan-simulate';

const QUESTION_UPVOTES = [26, 24, 18, 11, 8, 5, 4, 2, 1, 1];
const ANSWER_UPVOTES = [32, 25, 16, 10, 7, 4, 3, 2, 1];
const COMMENT_UPVOTES = [75, 15, 7, 3];

export function buildPlan(env: DemoEnvironment, options: PlanOptions): Plan {
  const random = new Random(options.seed);
  const { now } = options;
  const span = Math.max(1, options.months) * 30 * DAY;
  const start = now - span;
  const users = planUsers(env, options, random, start);
  const tags = planTags(env, start);
  const rules = rulesOf(env);

  const participants = users.map((_, i) => i).filter((i) => users[i]!.participates);
  const staff = participants.filter((i) => users[i]!.roleId === ROLE_ADMIN || users[i]!.roleId === ROLE_MODERATOR);
  if (participants.length < 2) throw new Error('The demo needs at least two active users.');
  const ctx: Context = {
    env,
    options,
    random,
    users,
    picker: new WeightedPicker(participants.map((i) => users[i]!.weight)),
    participants,
    staff,
    start,
  };
  const { questions, answers, comments } = planQuestions(ctx, tags);

  // Links: resolved to counts now that every question exists.
  for (const q of questions) if (q.linkTo !== null) questions[q.linkTo]!.linkedCount++;
  for (const a of answers) if (a.linkTo !== null && a.status === 1) questions[a.linkTo]!.linkedCount++;

  // Votes, planned per post; the voters are chosen in the simulation below.
  const votes: PlanVote[] = [];
  const planVotes = (kind: PlanVote['kind'], target: number, created: number, ups: number, downs: number) => {
    for (let k = 0; k < ups + downs; k++) {
      const time = created + 60_000 + Math.floor(random.exponential((kind === C ? 1 : 2.5) * DAY));
      if (time >= now - 60_000) continue;
      votes.push({ kind, target, up: k < ups, time, voter: -1, voterRank: 0, authorRank: 0 });
    }
  };
  questions.forEach((q, i) => {
    if (q.status === 10) return;
    const bonus = q.pin === 2 ? random.int(4, 9) : 0;
    const downs = random.chance(0.12) ? (random.chance(0.25) ? 2 : 1) : 0;
    planVotes(Q, i, q.created, random.count(QUESTION_UPVOTES) + bonus, downs);
  });
  answers.forEach((a, i) => {
    if (a.status !== 1) return;
    const bonus = a.adopted === 2 ? random.int(1, 3) : 0;
    planVotes(A, i, a.created, random.count(ANSWER_UPVOTES) + bonus, random.chance(0.1) ? 1 : 0);
  });
  comments.forEach((c, i) => {
    if (c.status !== 1) return;
    planVotes(C, i, c.created, random.count(COMMENT_UPVOTES), 0);
  });

  const events = simulate({ users, questions, answers, comments, votes, rules, random, participants });

  // Counters that follow from the rows.
  for (const v of votes) {
    if (v.voter < 0) continue;
    const delta = v.up ? 1 : -1;
    if (v.kind === Q) questions[v.target]!.voteCount += delta;
    else if (v.kind === A) answers[v.target]!.voteCount += delta;
    else comments[v.target]!.voteCount += delta;
  }
  for (const q of questions) {
    if (q.status !== 10) users[q.author]!.questions++;
    const live = q.answers.filter((a) => answers[a]!.status === 1);
    for (const a of live) users[answers[a]!.author]!.answers++;
    const last = live.at(-1);
    q.lastAnswer = last ?? null;
    q.postUpdate = Math.max(q.created, last === undefined ? 0 : answers[last]!.created, q.editTime);
    for (const t of q.tags) if (q.status !== 10 && q.show === 1) tags[t]!.questionCount++;
  }

  // Followers and bookmarks (never the author's own bookmark), views and the hot score.
  questions.forEach((q) => {
    if (q.status === 10) return;
    const taken = new Set([q.author]);
    for (let k = random.count([70, 20, 7, 3]); k > 0; k--) {
      const t = capped(q.created + Math.floor(random.exponential(3 * DAY)), now);
      const u = pickActor(ctx, t, taken);
      if (u < 0) continue;
      taken.add(u);
      q.followers.push([u, t]);
    }
    const bookmarked = new Set([q.author]);
    for (let k = random.count([72, 18, 7, 3]); k > 0; k--) {
      const t = capped(q.created + Math.floor(random.exponential(4 * DAY)), now);
      const u = pickActor(ctx, t, bookmarked);
      if (u < 0) continue;
      bookmarked.add(u);
      q.bookmarks.push([u, t]);
    }
    const ageDays = (now - q.created) / DAY;
    const answerCount = q.answers.filter((a) => answers[a]!.status === 1).length;
    const base = 4 + Math.max(0, q.voteCount) * 7 + answerCount * 5 + q.comments.length * 2 + (q.pin === 2 ? 200 : 0);
    q.views = Math.max(1, Math.round(base * (1 + Math.log1p(ageDays)) * (0.6 + random.next() * 1.4)));
    q.uniqueViews = Math.max(1, Math.round(q.views * (0.55 + random.next() * 0.35)));
    q.hotScore = hotScore(q, answers, now);
  });

  const tagFollows: Plan['tagFollows'] = [];
  const mainTags = tags.map((t, i) => ({ t, i })).filter(({ t }) => t.mainIndex === null);
  const tagWeights = mainTags.map(({ t }) => 1 + t.questionCount);
  for (const u of participants) {
    if (!random.chance(0.5)) continue;
    const chosen = new Set<number>();
    for (let k = random.int(1, 4); k > 0; k--) chosen.add(mainTags[random.weighted(tagWeights)]!.i);
    for (const t of chosen) {
      const time = capped(Math.max(users[u]!.created, start) + Math.floor(random.exponential(5 * DAY)), now);
      if (time >= users[u]!.activeUntil) continue;
      tagFollows.push([u, t, time]);
      tags[t]!.followCount++;
    }
  }

  const reports: PlanReport[] = [];
  const posts = questions.length + answers.length + comments.length;
  const spam = env.reasons['reason.spam'];
  if (spam !== undefined) {
    for (let k = Math.max(1, Math.floor(posts / 80)); k > 0; k--) {
      const kind = random.pick([Q, A, A, C, C] as const);
      const target =
        kind === Q
          ? random.int(0, questions.length - 1)
          : kind === A
            ? answers.length
              ? random.int(0, answers.length - 1)
              : -1
            : comments.length
              ? random.int(0, comments.length - 1)
              : -1;
      if (target < 0) continue;
      const post = kind === Q ? questions[target]! : kind === A ? answers[target]! : comments[target]!;
      if (post.status === 10 || (kind === Q && (post as PlanQuestion).pin === 2)) continue;
      const time = capped(post.created + Math.floor(random.exponential(2 * DAY)), now);
      const reporter = pickActor(ctx, time, post.author);
      if (reporter < 0) continue;
      const specific =
        kind === Q
          ? env.reasons['reason.a_duplicate']
          : kind === A
            ? env.reasons['reason.not_a_answer']
            : env.reasons['reason.no_longer_needed'];
      const something = env.reasons['reason.something'];
      const choices = [spam, env.reasons['reason.rude_or_abusive'], specific, something].filter(
        (id): id is number => id !== undefined,
      );
      const reason = random.pick(choices);
      reports.push({
        kind,
        target,
        reporter,
        reason,
        content: reason === something ? 'This reads like an advertisement for a paid course.' : '',
        duplicateOf: reason === env.reasons['reason.a_duplicate'] ? random.int(0, Math.max(0, target - 1)) : null,
        status: random.chance(0.75) ? 1 : 3,
        time,
      });
    }
  }

  return {
    seed: options.seed,
    now,
    start,
    users,
    tags,
    questions,
    answers,
    comments,
    votes,
    events,
    tagFollows,
    reports,
    siteName: env.siteName,
  };
}
