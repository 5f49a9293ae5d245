/**
 * The timeline of a question, answer or tag (docs/wire-contract.md "Timelines"): `activity` rows read
 * back with the kind their config key names (the part after the first `.`).
 */

/** Kinds a timeline shows to every reader. */
export const TIMELINE_KINDS: ReadonlySet<string> = new Set([
  'asked',
  'closed',
  'reopened',
  'answered',
  'commented',
  'accept',
  'edited',
  'rollback',
  'deleted',
  'undeleted',
  'pin',
  'unpin',
  'show',
  'hide',
  'created',
]);

/** Vote kinds as a timeline names them; shown only to staff who ask for them. */
export const VOTE_KINDS: Readonly<Record<string, string>> = { vote_up: 'upvote', vote_down: 'downvote' };

/** Kinds whose row points at a revision (its edit summary is the row's comment). */
export const REVISION_KINDS: ReadonlySet<string> = new Set(['asked', 'answered', 'edited', 'rollback', 'created']);

/** Kinds of a comment's rows that the timeline of its post shows (to those who may see the comment). */
export const COMMENT_KINDS: ReadonlySet<string> = new Set(['commented', 'deleted']);

/** Kinds of an answer's rows that its question's timeline also shows. */
export const ANSWER_ROWS_ON_QUESTION: ReadonlySet<string> = new Set(['answered', 'accept']);

/** The kind a config key names: `question.asked` -> `asked`. */
export function kindOf(key: string | null): string {
  if (!key) return '';
  const dot = key.indexOf('.');
  return dot < 0 ? '' : key.slice(dot + 1);
}

/** What a timeline shows in place of a member it hides (a downvoter, to all but administrators). */
export const HIDDEN_USER = 'N/A';
