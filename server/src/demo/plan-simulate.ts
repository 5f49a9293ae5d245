import type { ConfigKey } from './environment';
import type { Random } from './prng';
import {
  A,
  DAY,
  HOUR,
  type PlanAnswer,
  type PlanComment,
  type PlanQuestion,
  type PlanUser,
  type PlanVote,
  Q,
  type RankEvent,
  ROLE_ADMIN,
  ROLE_MODERATOR,
  type Rules,
} from './plan-types';

/** The hot ranking of a question: ceil(score * 10000), never below 0. */
export function hotScore(q: PlanQuestion, answers: PlanAnswer[], now: number): number {
  const live = q.answers.filter((a) => answers[a]!.status === 1);
  const answerVotes = live.reduce((sum, a) => sum + answers[a]!.voteCount, 0);
  const ageHours = (now - q.created) / HOUR;
  const sinceUpdate = (now - q.postUpdate) / HOUR;
  const top = Math.log(Math.max(1, q.views)) * 4 + (live.length * q.voteCount) / 5 + answerVotes;
  const bottom = (ageHours + 1 - (ageHours - sinceUpdate) / 2) ** 1.5;
  const score = bottom > 0 ? top / bottom : 0;
  return Math.max(0, Math.ceil(score * 10000));
}

interface SimulationInput {
  users: PlanUser[];
  questions: PlanQuestion[];
  answers: PlanAnswer[];
  comments: PlanComment[];
  votes: PlanVote[];
  rules: Rules;
  random: Random;
  participants: number[];
}

/**
 * Replays activations, votes and accepts in time order, applying the reputation rules: the voter
 * needs the privilege's reputation at that moment (staff always may), never votes on their own
 * post or twice on one post; positive changes stop for the UTC day once the user gained the daily
 * limit (accepted answers excepted); negative changes never take anyone below 1.
 */
export function simulate(input: SimulationInput): RankEvent[] {
  const { users, questions, answers, comments, votes, rules, random } = input;
  const events: RankEvent[] = [];
  for (const u of input.participants) {
    const user = users[u]!;
    if (!user.existing && user.mailStatus === 1) events.push({ type: 'activation', user: u, time: user.created });
  }
  votes.forEach((v, i) => events.push({ type: 'vote', vote: i, time: v.time }));
  questions.forEach((q, i) => {
    if (q.accepted !== null) events.push({ type: 'accept', question: i, time: q.acceptTime });
  });
  const order = { activation: 0, accept: 1, vote: 2 } as const;
  events.sort((a, b) => a.time - b.time || order[a.type] - order[b.type]);

  const gained = new Map<number, number>();
  const isStaff = (u: number) => users[u]!.roleId === ROLE_ADMIN || users[u]!.roleId === ROLE_MODERATOR;
  const pools: number[][] = rules.thresholds.map(() => []);
  const raise = (u: number) => {
    const user = users[u]!;
    while (user.poolLevel + 1 < rules.thresholds.length && user.rank >= rules.thresholds[user.poolLevel + 1]!) {
      user.poolLevel++;
      pools[user.poolLevel]!.push(u);
    }
  };
  for (const u of input.participants) {
    if (isStaff(u)) {
      for (const pool of pools) pool.push(u);
      users[u]!.poolLevel = rules.thresholds.length - 1;
    } else if (users[u]!.existing) {
      raise(u);
    }
  }

  const apply = (u: number, key: ConfigKey, time: number): number => {
    const user = users[u]!;
    let delta = rules.value(key);
    if (delta === 0) return 0;
    if (delta > 0) {
      if (!rules.excludedFromCap.has(key)) {
        const day = Math.floor(time / DAY);
        const slot = u * 1_000_000 + day;
        const sum = gained.get(slot) ?? 0;
        if (sum >= rules.cap) return 0;
        gained.set(slot, sum + delta);
      }
    } else if (user.rank + delta < 1) {
      delta = Math.min(0, 1 - user.rank);
    }
    user.rank += delta;
    if (delta > 0) raise(u);
    return delta;
  };

  const votersOf = new Map<number, number[]>();
  for (const event of events) {
    if (event.type === 'activation') {
      users[event.user]!.activation = apply(event.user, 'user.activated', event.time);
      continue;
    }
    if (event.type === 'accept') {
      const q = questions[event.question]!;
      const answer = answers[q.accepted!]!;
      const self = answer.author === q.author;
      q.acceptRankAsker = self ? 0 : apply(q.author, 'answer.accept', event.time);
      q.acceptRankAnswerer = self ? 0 : apply(answer.author, 'answer.accepted', event.time);
      continue;
    }
    const v = votes[event.vote]!;
    const author =
      v.kind === Q
        ? questions[v.target]!.author
        : v.kind === A
          ? answers[v.target]!.author
          : comments[v.target]!.author;
    const threshold =
      v.kind === Q ? (v.up ? rules.qUp : rules.qDown) : v.kind === A ? (v.up ? rules.aUp : rules.aDown) : rules.cUp;
    const level = rules.thresholds.indexOf(threshold);
    const pool = pools[level]!;
    const key = v.kind * 10_000_000 + v.target;
    const already = votersOf.get(key) ?? [];
    let voter = -1;
    for (let attempt = 0; attempt < 10 && pool.length; attempt++) {
      const u = pool[Math.floor(random.next() * pool.length)]!;
      const user = users[u]!;
      if (u === author || already.includes(u)) continue;
      if (user.created > v.time || v.time >= user.activeUntil) continue;
      if (!isStaff(u) && user.rank < threshold) continue;
      voter = u;
      break;
    }
    if (voter < 0) continue;
    v.voter = voter;
    already.push(voter);
    votersOf.set(key, already);
    if (v.kind === Q) {
      v.voterRank = apply(voter, v.up ? 'question.vote_up' : 'question.vote_down', v.time);
      v.authorRank = apply(author, v.up ? 'question.voted_up' : 'question.voted_down', v.time);
    } else if (v.kind === A) {
      v.voterRank = apply(voter, v.up ? 'answer.vote_up' : 'answer.vote_down', v.time);
      v.authorRank = apply(author, v.up ? 'answer.voted_up' : 'answer.voted_down', v.time);
    } else {
      v.voterRank = apply(voter, 'comment.vote_up', v.time);
    }
  }
  return events.filter((e) => e.type !== 'vote' || votes[e.vote]!.voter >= 0);
}
