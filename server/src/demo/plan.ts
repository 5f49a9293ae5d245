import { emailKey, usernameKey } from '../modules/accounts/normalize';
import {
  BIOS,
  DEFAULT_RECOMMENDED,
  DEFAULT_RESERVED,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  SUPPORT_QA,
  SYNONYMS,
  TAGS,
  TOPICS,
} from './corpus';
import type { ConfigKey, DemoEnvironment } from './environment';
import { Random, WeightedPicker } from './prng';
import { TOPIC_GUIDE, TOPIC_SUPPORT, TOPIC_WELCOME } from './text';

/**
 * The sample site as numbers: who exists, what was posted when, and every vote, accept and
 * activation in time order with the reputation it actually gave. Planned completely before
 * anything is written, so counters are known up front and each row is written once. Text is not
 * kept here (see text.ts): a 100,000-question plan stays small.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const ROLE_USER = 1;
export const ROLE_ADMIN = 2;
export const ROLE_MODERATOR = 3;

export type DemoRole = 'admin' | 'moderator' | 'member' | 'suspended' | 'inactive';

export interface PlanUser {
  /** Existing users have their id; new ones get theirs when written. */
  id: number;
  existing: boolean;
  kind: DemoRole;
  username: string;
  display: string;
  email: string;
  roleId: number;
  status: number;
  mailStatus: number;
  created: number;
  /** When this user stops taking part (suspension), else Infinity. */
  activeUntil: number;
  participates: boolean;
  weight: number;
  rank: number;
  baseRank: number;
  /** +1 on activation (applied), 0 when there is none. */
  activation: number;
  questions: number;
  answers: number;
  bio: string;
  location: string;
  website: string;
  lastLogin: number | null;
  suspendedAt: number | null;
  suspendedUntil: number | null;
  /** Index of the highest vote threshold this user has reached (for the voter pools). */
  poolLevel: number;
}

export interface PlanTag {
  id: string | null;
  existing: boolean;
  slug: string;
  display: string;
  description: string;
  recommend: number;
  reserved: number;
  mainIndex: number | null;
  created: number;
  questionCount: number;
  followCount: number;
}

export interface PlanQuestion {
  topic: number;
  variant: number;
  author: number;
  created: number;
  status: number;
  pin: number;
  show: number;
  tags: number[];
  answers: number[];
  comments: number[];
  accepted: number | null;
  acceptTime: number;
  /** Applied reputation of the accept: the asker's and the answer author's. */
  acceptRankAsker: number;
  acceptRankAnswerer: number;
  voteCount: number;
  views: number;
  uniqueViews: number;
  followers: Array<[user: number, time: number]>;
  bookmarks: Array<[user: number, time: number]>;
  linkTo: number | null;
  linkedCount: number;
  editor: number | null;
  editTime: number;
  suggestedBy: number | null;
  suggestedTime: number;
  closedBy: number | null;
  /** When it was closed or unlisted. */
  closeTime: number;
  closeReason: number | null;
  /** Closed as a duplicate of this question (the close message links to it). */
  duplicateOf: number | null;
  hiddenBy: number | null;
  postUpdate: number;
  lastAnswer: number | null;
  hotScore: number;
  invited: number[];
}

export interface PlanAnswer {
  question: number;
  author: number;
  created: number;
  status: number;
  adopted: number;
  voteCount: number;
  commentCount: number;
  comments: number[];
  editTime: number;
  edited: boolean;
  linkTo: number | null;
}

export interface PlanComment {
  onAnswer: boolean;
  /** Question or answer index. */
  object: number;
  question: number;
  author: number;
  created: number;
  status: number;
  replyTo: number | null;
  mention: number | null;
  voteCount: number;
}

/** Vote targets. */
export const Q = 0;
export const A = 1;
export const C = 2;

export interface PlanVote {
  kind: typeof Q | typeof A | typeof C;
  target: number;
  up: boolean;
  time: number;
  /** -1: no eligible voter was found at that moment; the vote did not happen. */
  voter: number;
  voterRank: number;
  authorRank: number;
}

/** A reputation-bearing event in time order (what the activity ids follow). */
export type RankEvent =
  | { type: 'activation'; user: number; time: number }
  | { type: 'vote'; vote: number; time: number }
  | { type: 'accept'; question: number; time: number };

export interface PlanReport {
  kind: typeof Q | typeof A | typeof C;
  target: number;
  reporter: number;
  reason: number;
  /** The reporter's text; for "a duplicate" the link to the original is added when written. */
  content: string;
  duplicateOf: number | null;
  status: number;
  time: number;
}

export interface Plan {
  seed: string;
  now: number;
  start: number;
  users: PlanUser[];
  tags: PlanTag[];
  questions: PlanQuestion[];
  answers: PlanAnswer[];
  comments: PlanComment[];
  votes: PlanVote[];
  events: RankEvent[];
  tagFollows: Array<[user: number, tag: number, time: number]>;
  reports: PlanReport[];
  siteName: string;
}

export interface PlanOptions {
  seed: string;
  users: number;
  questions: number;
  now: number;
  months: number;
}

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
const QUESTION_UPVOTES = [26, 24, 18, 11, 8, 5, 4, 2, 1, 1];
const ANSWER_UPVOTES = [32, 25, 16, 10, 7, 4, 3, 2, 1];
const COMMENT_UPVOTES = [75, 15, 7, 3];

/** Everything the simulation needs from the config rows. */
interface Rules {
  value(key: ConfigKey): number;
  cap: number;
  excludedFromCap: Set<string>;
  thresholds: number[];
  qUp: number;
  qDown: number;
  aUp: number;
  aDown: number;
  cUp: number;
}

function rulesOf(env: DemoEnvironment): Rules {
  const value = (key: ConfigKey) => {
    const n = Number(env.config[key].value);
    return Number.isFinite(n) ? n : 0;
  };
  let excluded: string[] = [];
  try {
    const parsed = JSON.parse(env.config['daily_rank_limit.exclude'].value) as unknown;
    if (Array.isArray(parsed)) excluded = parsed.filter((k): k is string => typeof k === 'string');
  } catch {
    excluded = [];
  }
  // -1 means "never by reputation": only staff.
  const threshold = (key: ConfigKey) => {
    const n = value(key);
    return n < 0 ? Number.POSITIVE_INFINITY : n;
  };
  const qUp = threshold('rank.question.vote_up');
  const qDown = threshold('rank.question.vote_down');
  const aUp = threshold('rank.answer.vote_up');
  const aDown = threshold('rank.answer.vote_down');
  const cUp = threshold('rank.comment.vote_up');
  return {
    value,
    cap: value('daily_rank_limit'),
    excludedFromCap: new Set(excluded),
    thresholds: [...new Set([qUp, qDown, aUp, aDown, cUp])].sort((a, b) => a - b),
    qUp,
    qDown,
    aUp,
    aDown,
    cUp,
  };
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function planUsers(env: DemoEnvironment, options: PlanOptions, random: Random, start: number): PlanUser[] {
  const { now } = options;
  const takenNames = new Set(env.users.map((u) => u.username_key));
  const takenEmails = new Set(env.users.map((u) => u.e_mail_key));
  const users: PlanUser[] = [];

  for (const u of env.users) {
    const active = u.status === 1 && u.mail_status === 1;
    users.push({
      id: u.id,
      existing: true,
      kind: u.role_id === ROLE_ADMIN ? 'admin' : u.role_id === ROLE_MODERATOR ? 'moderator' : 'member',
      username: u.username,
      display: u.display_name,
      email: u.e_mail,
      roleId: u.role_id,
      status: u.status,
      mailStatus: u.mail_status,
      // Existing accounts take part from the start of the sample timeline (the admin was created at install).
      created: Math.min(u.created_at, start - 7 * DAY),
      activeUntil: active ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
      participates: active,
      weight: u.role_id === ROLE_ADMIN ? 0.35 : 0.5,
      rank: u.rank,
      baseRank: u.rank,
      activation: 0,
      questions: 0,
      answers: 0,
      bio: '',
      location: '',
      website: '',
      lastLogin: null,
      suspendedAt: null,
      suspendedUntil: null,
      poolLevel: -1,
    });
  }

  const count = options.users;
  const moderators = Math.max(2, Math.min(10, Math.round(count / 20)));
  const kinds: DemoRole[] = [];
  for (let i = 0; i < count; i++) {
    kinds.push(
      i < moderators ? 'moderator' : i === moderators ? 'suspended' : i === moderators + 1 ? 'inactive' : 'member',
    );
  }
  // Zipf-like activity: a few members write most of the content.
  const memberOrder = random.shuffle(
    kinds.map((_, i) => i).filter((i) => kinds[i] === 'member' || kinds[i] === 'suspended'),
  );
  const activity = new Map(memberOrder.map((index, rank) => [index, 1 / (rank + 1) ** 0.85]));

  for (let i = 0; i < count; i++) {
    const kind = kinds[i]!;
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
    const round = Math.floor(i / (FIRST_NAMES.length * LAST_NAMES.length));
    const display = round ? `${first} ${last} ${round + 1}` : `${first} ${last}`;
    let username = slugify(display).slice(0, 26);
    for (let n = 2; takenNames.has(usernameKey(username)); n++) username = `${slugify(display).slice(0, 24)}_${n}`;
    takenNames.add(usernameKey(username));
    let email = `${username.replace(/_/g, '.')}@example.com`;
    for (let n = 2; takenEmails.has(emailKey(email)); n++) email = `${username.replace(/_/g, '.')}.${n}@example.com`;
    takenEmails.add(emailKey(email));

    const staff = kind === 'moderator';
    // Some members joined only recently: they have not earned much yet.
    const newcomer = kind === 'member' && random.chance(0.15);
    const created =
      kind === 'inactive'
        ? now - random.int(1, 3) * DAY - random.int(0, 23) * HOUR
        : staff
          ? start - random.int(10, 30) * DAY
          : newcomer
            ? now - random.int(1, 14) * DAY - random.int(0, 23) * HOUR
            : start - 7 * DAY + Math.floor(random.next() ** 1.5 * (now - start) * 0.6);
    const suspendedAt = kind === 'suspended' ? now - random.int(2, 9) * DAY : null;
    users.push({
      id: 0,
      existing: false,
      kind,
      username,
      display,
      email,
      roleId: staff ? ROLE_MODERATOR : ROLE_USER,
      status: kind === 'suspended' ? 9 : 1,
      mailStatus: kind === 'inactive' ? 2 : 1,
      created,
      activeUntil: suspendedAt ?? Number.POSITIVE_INFINITY,
      participates: kind !== 'inactive',
      weight: staff ? 0.45 : newcomer ? 0.02 : (activity.get(i) ?? 0.05),
      rank: 0,
      baseRank: 0,
      activation: 0,
      questions: 0,
      answers: 0,
      bio: random.pick(BIOS),
      location: random.pick(LOCATIONS),
      website: random.chance(0.2) ? `https://${username.replace(/_/g, '-')}.example.net` : '',
      lastLogin: kind === 'inactive' ? null : now - Math.floor(random.exponential(5 * DAY)),
      suspendedAt,
      suspendedUntil: suspendedAt === null ? null : now + random.int(14, 60) * DAY,
      poolLevel: -1,
    });
  }
  return users;
}

function planTags(env: DemoEnvironment, start: number): PlanTag[] {
  const existing = new Map(env.tags.map((t) => [t.slug_name, t]));
  const recommend = new Set(env.recommendTags ?? DEFAULT_RECOMMENDED);
  const reserved = new Set(env.reservedTags ?? DEFAULT_RESERVED);
  const tags: PlanTag[] = [];
  const indexOf = new Map<string, number>();
  const add = (slug: string, display: string, description: string, mainIndex: number | null) => {
    const found = existing.get(slug);
    indexOf.set(slug, tags.length);
    tags.push({
      id: found?.id ?? null,
      existing: Boolean(found),
      slug,
      display,
      description,
      recommend: found ? found.recommend : mainIndex === null && recommend.has(slug) ? 1 : 0,
      reserved: found ? found.reserved : mainIndex === null && reserved.has(slug) ? 1 : 0,
      mainIndex,
      created: start - 7 * DAY + tags.length * 60_000,
      questionCount: 0,
      followCount: 0,
    });
  };
  for (const tag of TAGS) add(tag.slug, tag.display, tag.description, null);
  for (const [slug, display, main] of SYNONYMS) {
    add(slug, display, `Synonym of ${main}.`, indexOf.get(main) ?? null);
  }
  return tags;
}

interface Context {
  env: DemoEnvironment;
  options: PlanOptions;
  random: Random;
  users: PlanUser[];
  picker: WeightedPicker;
  participants: number[];
  staff: number[];
  start: number;
}

/** A user who could act at time t (weighted by activity), other than `not`; -1 when none is found. */
function pickActor(ctx: Context, t: number, not: ReadonlySet<number> | number = -1): number {
  for (let attempt = 0; attempt < 25; attempt++) {
    const u = ctx.participants[ctx.picker.pick(ctx.random)]!;
    const user = ctx.users[u]!;
    if (user.created > t || t >= user.activeUntil) continue;
    if (typeof not === 'number' ? u === not : not.has(u)) continue;
    return u;
  }
  return -1;
}

function pickStaff(ctx: Context, t: number): number {
  const candidates = ctx.staff.filter((u) => ctx.users[u]!.created <= t);
  return candidates.length ? ctx.random.pick(candidates) : -1;
}

function capped(ms: number, now: number): number {
  return Math.min(ms, now - 60_000);
}

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

/** A question's hot score for the hot list order: ceil(score * 10000), at least 0. */
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
 * Replays activations, votes and accepts in time order, applying the reputation rules
 * (docs/product-rules.md): the voter needs the privilege's reputation at that moment (staff always may),
 * never votes on their own post or twice on one post; positive changes stop for the UTC day once the user
 * gained the daily limit (accepted answers excepted); negative changes never take anyone below 1.
 */
function simulate(input: SimulationInput): RankEvent[] {
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
