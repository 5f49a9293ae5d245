/** The shapes the visibility rule reads: who looks, and a post with the posts above it. */

/** Who looks: the session's user and role; `{}` is a visitor. */
export interface Viewer {
  userId?: number | null;
  roleId?: number;
}

/** answer.status and comment.status. */
export const POST_STATUS = { available: 1, deleted: 10, pending: 11 } as const;

export interface QuestionLink {
  id: string;
  user_id: number;
  status: number;
  show: number;
}

export interface AnswerLink {
  id: string;
  question_id: string;
  user_id: number;
  status: number;
}

export interface CommentLink {
  id: string;
  object_id: string;
  question_id: string;
  user_id: number;
  status: number;
}

/** A post with the posts above it. */
export interface Chain {
  question: QuestionLink;
  answer?: AnswerLink | null;
  comment?: CommentLink | null;
}

export type VisibleObject =
  | { type: 'question'; question: QuestionLink }
  | { type: 'answer'; question: QuestionLink; answer: AnswerLink }
  | { type: 'comment'; question: QuestionLink; answer: AnswerLink | null; comment: CommentLink };

export type PostType = VisibleObject['type'];
