import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Paging } from './paging';
import { MemberAction, PostUserInfo, PostVoteStatus, QuestionInfo } from './question';

// Answers (POST answer, GET answer/page; docs/wire-contract.md).

/**
 * POST /answer/api/v1/answer body. content: 6-65535 characters; the server checks the lower bound
 * itself so an empty answer gets its own message ('Answer cannot be empty.').
 */
export const AnswerAddBody = Type.Object({
  question_id: Type.String({ minLength: 1, maxLength: 30 }),
  content: Type.String({ maxLength: 65535 }),
  ...CaptchaFields,
});
export type AnswerAddBody = Static<typeof AnswerAddBody>;

/** An answer as question pages show it (AnswerInfo). accepted: 1 no, 2 yes. */
export const AnswerInfo = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  content: Type.String(),
  html: Type.String(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  accepted: Type.Integer(),
  user_info: Type.Optional(PostUserInfo),
  update_user_info: Type.Optional(PostUserInfo),
  collected: Type.Boolean(),
  vote_status: PostVoteStatus,
  vote_count: Type.Integer(),
  status: Type.Integer(),
  /** Ours: the viewer has flagged the answer and the flag waits for review (no second flag is offered). */
  reported: Type.Optional(Type.Boolean()),
  member_actions: Type.Array(MemberAction),
});
export type AnswerInfo = Static<typeof AnswerInfo>;

/** POST answer's answer. */
export const AnswerWithQuestion = Type.Object({ info: AnswerInfo, question: QuestionInfo });
export type AnswerWithQuestion = Static<typeof AnswerWithQuestion>;

/** default: accepted first, then votes, then oldest; updated: newest first; created: oldest first; vote: votes. */
export const AnswerOrder = Type.Union([
  Type.Literal('default'),
  Type.Literal('updated'),
  Type.Literal('created'),
  Type.Literal('vote'),
]);
export type AnswerOrder = Static<typeof AnswerOrder>;

/** GET /answer/api/v1/answer/page query. */
export const AnswerPageQuery = Type.Object({
  /** Absent or empty: the answers of every question the viewer may see. */
  question_id: Type.Optional(Type.String({ maxLength: 30 })),
  order: Type.Optional(AnswerOrder),
  ...Paging(),
});
export type AnswerPageQuery = Static<typeof AnswerPageQuery>;

export const AnswerPage = Type.Object({ count: Type.Integer(), list: Type.Array(AnswerInfo) });
export type AnswerPage = Static<typeof AnswerPage>;
