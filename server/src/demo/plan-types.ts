import type { ConfigKey } from './environment';

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

/** Everything the simulation needs from the config rows. */
export interface Rules {
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
