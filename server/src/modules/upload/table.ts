/** The statuses that decide who may fetch a post upload (open or closed, listed questions keep theirs public). */
export const LIVE_QUESTION_STATUSES: readonly number[] = [1, 2];
/** question.show of a listed question. */
export const QUESTION_LISTED = 1;
/** answer.status of an available answer. */
export const ANSWER_AVAILABLE = 1;
/** Role ids that see every upload (admin, moderator). */
export const STAFF_ROLES: ReadonlySet<number> = new Set([2, 3]);
