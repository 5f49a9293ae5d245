import type { PostKind } from './match';

/** The statuses search reads: the public sees open or closed, listed questions and their available answers. */
export const QUESTION_OPEN = 1;
export const QUESTION_CLOSED = 2;
export const QUESTION_LISTED = 1;
export const ANSWER_AVAILABLE = 1;
export const ANSWER_ACCEPTED = 2;
export const TAG_REL_AVAILABLE = 1;
export const TAG_AVAILABLE = 1;

/** A hit of the page query (one row per matched post). */
export interface HitRow {
  object_type: PostKind;
  id: string;
  question_id: string;
  score: number | string;
}

/** A hit with its sort keys (the operator-only search merges the pages of both tables). */
export interface SortRow extends HitRow {
  created_at: number | string;
  active_at: number | string;
  vote_count: number | string;
}

/** The filters of a parsed query resolved to ids. */
export interface Filters {
  tagFamilies: string[][];
  userId: number | null;
  answers: number | null;
  score: number | null;
  kinds: PostKind[];
}

/** How a search without words reads a post table (SQLite): along an index, or from a tag's questions. */
export type Drive = { index: string } | { tagged: string[] };
