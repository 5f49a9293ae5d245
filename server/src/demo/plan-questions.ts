import { SUPPORT_QA, TOPICS } from './corpus';
import { TOPIC_GUIDE, TOPIC_SUPPORT, TOPIC_WELCOME } from './text';
import {
  DAY,
  HOUR,
  type PlanAnswer,
  type PlanComment,
  type PlanQuestion,
  type PlanTag,
  ROLE_ADMIN,
  ROLE_USER,
} from './plan-types';
import { capped, type Context, pickActor, pickStaff } from './plan-context';

const TOPIC_WEIGHTS: Record<string, number> = {
  javascript: 10,
  typescript: 6,
  python: 10,
  rust: 3,
  go: 4,
  java: 4,
  sql: 8,
  docker: 6,
  kubernetes: 3,
  linux: 6,
  bash: 3,
  git: 5,
  react: 7,
  css: 4,
  'node.js': 6,
};

/** Relative weights of 0, 1, 2, ... */
const ANSWER_COUNTS = [15, 35, 25, 13, 7, 3, 2];
const QUESTION_COMMENTS = [45, 25, 15, 10, 5];
const ANSWER_COMMENTS = [60, 25, 10, 5];

/** Questions with their answers and comments, accepts, edits, closes and invitations, in time order. */
export function planQuestions(
  ctx: Context,
  tags: PlanTag[],
): { questions: PlanQuestion[]; answers: PlanAnswer[]; comments: PlanComment[] } {
  const { env, options, random, users, staff, participants, start } = ctx;
  const { now } = options;
  const span = Math.max(1, options.months) * 30 * DAY;
  const admin = users.findIndex((u) => u.roleId === ROLE_ADMIN && u.participates);
  const firstStaff = admin >= 0 ? admin : (staff[0] ?? participants[0]!);
  const tagIndex = new Map(tags.map((t, i) => [t.slug, i]));
  const usable = (i: number | undefined, staffAuthor: boolean) =>
    i !== undefined && tags[i]!.mainIndex === null && (staffAuthor || tags[i]!.reserved === 0);
  const recommended = tags.map((_, i) => i).filter((i) => tags[i]!.recommend === 1 && tags[i]!.reserved === 0);

  // Questions: times skewed towards the present (a growing site), then sorted.
  const questionCount = options.questions;
  const times: number[] = [];
  for (let i = 0; i < questionCount; i++) times.push(start + Math.floor(random.next() ** 0.8 * (span - 20 * 60_000)));
  times.sort((a, b) => a - b);
  const topicWeights = TOPICS.map((t) => TOPIC_WEIGHTS[t.tag] ?? 1);
  const supportSlots = new Set<number>();
  const supportCount = Math.min(SUPPORT_QA.length, Math.max(0, Math.floor(questionCount / 25)));
  while (supportSlots.size < supportCount) supportSlots.add(random.int(2, questionCount - 1));

  const questions: PlanQuestion[] = [];
  const answers: PlanAnswer[] = [];
  const comments: PlanComment[] = [];
  let supportVariant = 0;
  for (let i = 0; i < questionCount; i++) {
    let topic: number;
    let author: number;
    let created = times[i]!;
    // The pinned welcome post and asking guide open a fresh site (not added again with --force).
    const opening = !env.hasQuestions && questionCount >= 3;
    if (i === 0 && opening) {
      topic = TOPIC_WELCOME;
      author = firstStaff;
      created = start + HOUR;
    } else if (i === 1 && opening) {
      topic = TOPIC_GUIDE;
      author = staff.find((s) => s !== firstStaff) ?? firstStaff;
      created = start + 2 * HOUR;
    } else {
      topic = supportSlots.has(i) ? TOPIC_SUPPORT : random.weighted(topicWeights);
      author = pickActor(ctx, created);
      if (author < 0) author = firstStaff;
    }
    const isStaff = users[author]!.roleId !== ROLE_USER;
    const chosen = new Set<number>();
    if (topic === TOPIC_WELCOME || topic === TOPIC_GUIDE) {
      for (const slug of ['announcements', 'support']) {
        const t = tagIndex.get(slug);
        if (usable(t, true)) chosen.add(t!);
      }
    } else if (topic === TOPIC_SUPPORT) {
      const t = tagIndex.get('support');
      if (usable(t, isStaff)) chosen.add(t!);
    } else {
      const spec = TOPICS[topic]!;
      const primary = tagIndex.get(spec.tag);
      if (usable(primary, isStaff)) chosen.add(primary!);
      const extra = random.count([35, 40, 20, 5]);
      for (const slug of random.sample(spec.related, extra)) {
        const t = tagIndex.get(slug);
        if (usable(t, isStaff)) chosen.add(t!);
      }
    }
    if (env.requiredTag && recommended.length && ![...chosen].some((t) => tags[t]!.recommend === 1)) {
      chosen.add(random.pick(recommended));
    }
    if (chosen.size === 0) {
      const fallback = tags.findIndex((t) => t.mainIndex === null && t.reserved === 0);
      if (fallback >= 0) chosen.add(fallback);
    }

    const special = topic === TOPIC_WELCOME || topic === TOPIC_GUIDE;
    const q: PlanQuestion = {
      topic,
      variant:
        topic === TOPIC_SUPPORT ? supportVariant++ : topic >= 0 ? random.int(0, TOPICS[topic]!.cases.length - 1) : 0,
      author,
      created,
      status: 1,
      pin: special ? 2 : 1,
      show: 1,
      tags: [...chosen].slice(0, 5),
      answers: [],
      comments: [],
      accepted: null,
      acceptTime: 0,
      acceptRankAsker: 0,
      acceptRankAnswerer: 0,
      voteCount: 0,
      views: 0,
      uniqueViews: 0,
      followers: [[author, created]],
      bookmarks: [],
      linkTo: null,
      linkedCount: 0,
      editor: null,
      editTime: 0,
      suggestedBy: null,
      suggestedTime: 0,
      closedBy: null,
      closeTime: 0,
      closeReason: null,
      duplicateOf: null,
      hiddenBy: null,
      postUpdate: created,
      lastAnswer: null,
      hotScore: 0,
      invited: [],
    };
    const ordinary = !special && topic !== TOPIC_SUPPORT;
    if (ordinary && created < now - 3 * DAY) {
      // About 1% deleted, 1% unlisted, 3% closed; a site of 30 or more questions has one of each.
      const roll = random.next();
      if (roll < 0.01 || i === 7) q.status = 10;
      else if (roll < 0.02 || i === 8) q.show = 2;
      else if (roll < 0.05 || i === 9) q.status = 2;
    }
    if (ordinary && i > 10 && q.status !== 10 && random.chance(0.05)) {
      // "See also" an earlier listed question.
      const target = random.int(2, i - 1);
      if (questions[target]!.status !== 10 && questions[target]!.show === 1) q.linkTo = target;
    }
    questions.push(q);
    const qi = questions.length - 1;

    if (q.status !== 10) {
      // Answers, each by a different user (restrict_answer), never after now.
      const answerCount = special ? 0 : topic === TOPIC_SUPPORT ? random.int(1, 2) : random.count(ANSWER_COUNTS);
      const answered = new Set<number>();
      let t = created;
      for (let k = 0; k < answerCount; k++) {
        t = t + 5 * 60_000 + Math.floor(random.exponential(10 * HOUR));
        if (t >= now - 60_000) break;
        const self = random.chance(0.03);
        const by = self && !answered.has(author) ? author : pickActor(ctx, t, new Set([...answered, author]));
        if (by < 0) continue;
        answered.add(by);
        answers.push({
          question: qi,
          author: by,
          created: t,
          status: random.chance(0.01) ? 10 : 1,
          adopted: 1,
          voteCount: 0,
          commentCount: 0,
          comments: [],
          editTime: 0,
          edited: false,
          linkTo: null,
        });
        q.answers.push(answers.length - 1);
      }
    }
    // Comments on the question and on its answers.
    const thread = (onAnswer: boolean, object: number, objectAuthor: number, from: number, table: number[]) => {
      const n = random.count(table);
      const list: number[] = [];
      let t = from;
      for (let k = 0; k < n; k++) {
        t = t + 2 * 60_000 + Math.floor(random.exponential(6 * HOUR));
        if (t >= now - 60_000) break;
        const by = pickActor(ctx, t);
        if (by < 0) continue;
        let replyTo: number | null = null;
        let mention: number | null = null;
        if (list.length && random.chance(0.3)) {
          const parent = random.pick(list);
          if (comments[parent]!.author !== by) replyTo = parent;
        }
        if (replyTo === null && random.chance(0.2)) {
          const candidates = [objectAuthor, author].filter((u) => u !== by);
          if (candidates.length) mention = random.pick(candidates);
        }
        comments.push({
          onAnswer,
          object,
          question: qi,
          author: by,
          created: t,
          status: random.chance(0.01) ? 10 : 1,
          replyTo,
          mention,
          voteCount: 0,
        });
        list.push(comments.length - 1);
      }
      return list;
    };
    if (q.status !== 10) {
      q.comments = thread(false, qi, author, created, QUESTION_COMMENTS);
      for (const a of q.answers) {
        const answer = answers[a]!;
        if (answer.status !== 1) continue;
        answer.comments = thread(true, a, answer.author, answer.created, ANSWER_COMMENTS);
        answer.commentCount = answer.comments.filter((c) => comments[c]!.status === 1).length;
      }
    }

    // Accept one answer from someone else, some time after it arrived.
    const acceptable = q.answers.filter((a) => answers[a]!.status === 1 && answers[a]!.author !== author);
    if (acceptable.length && q.status !== 10 && random.chance(0.55)) {
      const a = acceptable[Math.min(acceptable.length - 1, random.count([60, 25, 15]))]!;
      const at = answers[a]!.created + 10 * 60_000 + Math.floor(random.exponential(20 * HOUR));
      if (at < now - 60_000 && at < users[author]!.activeUntil) {
        q.accepted = a;
        q.acceptTime = at;
        answers[a]!.adopted = 2;
      }
    }

    // Edits by the author (or a moderator), a few suggested edits waiting for review.
    if (ordinary && q.status !== 10 && random.chance(0.08)) {
      const at = capped(created + 20 * 60_000 + Math.floor(random.exponential(8 * HOUR)), now);
      const editor = random.chance(0.75) ? author : pickStaff(ctx, at);
      if (editor >= 0 && at > created && at < users[editor]!.activeUntil) {
        q.editor = editor;
        q.editTime = at;
      }
    }
    if (ordinary && q.status === 1 && (random.chance(0.01) || i === 12)) {
      const at = capped(created + Math.floor(random.exponential(2 * DAY)), now);
      const by = pickActor(ctx, at, author);
      if (by >= 0 && users[by]!.roleId === ROLE_USER) {
        q.suggestedBy = by;
        q.suggestedTime = at;
      }
    }
    for (const a of q.answers) {
      const answer = answers[a]!;
      if (answer.status === 1 && random.chance(0.04)) {
        const at = capped(answer.created + 20 * 60_000 + Math.floor(random.exponential(6 * HOUR)), now);
        if (at > answer.created && at < users[answer.author]!.activeUntil) {
          answer.edited = true;
          answer.editTime = at;
        }
      }
      if (answer.status === 1 && ordinary && i > 10 && random.chance(0.03)) {
        const target = random.int(2, i - 1);
        if (questions[target]!.status !== 10 && questions[target]!.show === 1 && target !== qi) answer.linkTo = target;
      }
    }
    if (q.status === 2 || q.show === 2) {
      const last = Math.max(created, ...q.answers.map((a) => answers[a]!.created));
      const at = capped(last + HOUR + Math.floor(random.exponential(DAY)), now);
      const by = pickStaff(ctx, at);
      if (by < 0) {
        q.status = 1;
        q.show = 1;
      } else if (q.status === 2) {
        q.closedBy = by;
        q.closeTime = at;
        const reasons = env.reasons;
        const options = [
          reasons['reason.a_duplicate'],
          reasons['reason.not_clarity'],
          reasons['reason.community_specific'],
        ];
        const pick = random.int(0, 2);
        q.closeReason = options[pick] ?? null;
        if (pick === 0) {
          const original = i > 2 ? random.int(2, i - 1) : -1;
          if (original >= 0 && questions[original]!.status !== 10) q.duplicateOf = original;
          else q.closeReason = reasons['reason.not_clarity'] ?? null;
        }
        if (q.closeReason === null) {
          q.status = 1;
          q.closedBy = null;
        }
      } else {
        q.hiddenBy = by;
        q.closeTime = at;
      }
    }
    if (q.invited.length === 0 && ordinary && q.status === 1 && random.chance(0.03)) {
      const invitee = pickActor(ctx, created, author);
      if (invitee >= 0) q.invited.push(invitee);
    }
  }
  return { questions, answers, comments };
}
