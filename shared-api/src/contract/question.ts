import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Paging } from './paging';
import { UserBasicInfo, UserStatus } from './user';

// Question lists (GET question/page, shared shapes QuestionPageItem and TagResp).

/** List orders (docs/product-rules.md); `recommend` needs a login and is not served yet. */
export const QuestionOrder = Type.Union([
  Type.Literal('newest'),
  Type.Literal('active'),
  Type.Literal('frequent'),
  Type.Literal('score'),
  Type.Literal('unanswered'),
  Type.Literal('hot'),
]);
export type QuestionOrder = Static<typeof QuestionOrder>;

/** GET /answer/api/v1/question/page query. Absent page/page_size: 1 and 10 (docs/wire-contract.md). */
export const QuestionPageQuery = Type.Object({
  ...Paging(),
  order: Type.Optional(QuestionOrder),
  /** A tag's slug: its questions and those of its synonyms (or of its main tag's family). */
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only questions asked within this many days (at most 100 years: a larger count overflowed the database). */
  in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
});
export type QuestionPageQuery = Static<typeof QuestionPageQuery>;

/** A tag as posts show it (TagResp). */
export const TagResp = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  /** The main tag's slug on a synonym, '' on a main tag. */
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagResp = Static<typeof TagResp>;

/** Who did the operation a list item shows (asked, answered or modified). */
export const QuestionOperator = Type.Object({
  id: Type.String(),
  username: Type.String(),
  rank: Type.Integer(),
  display_name: Type.String(),
  status: UserStatus,
  /** Avatar URL; '' for the letter avatar. */
  avatar: Type.String(),
});
export type QuestionOperator = Static<typeof QuestionOperator>;

export const QuestionOperationType = Type.Union([
  Type.Literal('asked'),
  Type.Literal('answered'),
  Type.Literal('modified'),
]);
export type QuestionOperationType = Static<typeof QuestionOperationType>;

/** One row of a question list. Times are Unix seconds; "no answer" ids are '0'. */
export const QuestionPageItem = Type.Object({
  id: Type.String(),
  created_at: Type.Integer(),
  title: Type.String(),
  url_title: Type.String(),
  /** Plain-text excerpt of the body, at most 240 characters. */
  description: Type.String(),
  /** 1 unpinned, 2 pinned. */
  pin: Type.Integer(),
  /** 1 listed, 2 unlisted. */
  show: Type.Integer(),
  /** 1 open, 2 closed. */
  status: Type.Integer(),
  tags: Type.Array(TagResp),
  view_count: Type.Integer(),
  unique_view_count: Type.Integer(),
  vote_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  last_answer_id: Type.String(),
  operated_at: Type.Integer(),
  operator: QuestionOperator,
  operation_type: QuestionOperationType,
});
export type QuestionPageItem = Static<typeof QuestionPageItem>;

export const QuestionPage = Type.Object({ count: Type.Integer(), list: Type.Array(QuestionPageItem) });
export type QuestionPage = Static<typeof QuestionPage>;

// Asking and reading a question (POST question, GET question/info; docs/wire-contract.md).

/** A tag named by a new or edited post: an existing tag (slug, any case), a synonym, or a new tag. */
export const PostTagInput = Type.Object({
  slug_name: Type.String({ minLength: 1, maxLength: 35 }),
  display_name: Type.Optional(Type.String({ maxLength: 35 })),
  original_text: Type.Optional(Type.String({ maxLength: 65535 })),
});
export type PostTagInput = Static<typeof PostTagInput>;

/** Title 6-150 characters, body 6-65535 (markdown), 1-5 tags. */
export const QuestionTitle = Type.String({ minLength: 6, maxLength: 150 });
export const PostContent = Type.String({ minLength: 6, maxLength: 65535 });
export const PostTags = Type.Array(PostTagInput, { minItems: 1, maxItems: 5 });

/** POST /answer/api/v1/question body. */
export const QuestionAddBody = Type.Object({
  title: QuestionTitle,
  content: PostContent,
  tags: PostTags,
  ...CaptchaFields,
});
export type QuestionAddBody = Static<typeof QuestionAddBody>;

/** An action the viewer may take on a post (MemberAction); `name` is translated. */
export const MemberAction = Type.Object({ action: Type.String(), name: Type.String(), type: Type.String() });
export type MemberAction = Static<typeof MemberAction>;

/** The viewer's vote on a post (the same values as vote.ts VoteStatus). */
export const PostVoteStatus = Type.Union([Type.Literal('vote_up'), Type.Literal('vote_down'), Type.Literal('')]);
export type PostVoteStatus = Static<typeof PostVoteStatus>;

/** Why a question is closed, deleted or pending. */
export const QuestionOperationInfo = Type.Object({
  type: Type.String(),
  description: Type.String(),
  msg: Type.String(),
  time: Type.Integer(),
  level: Type.String(),
});

/** A post's author or editor (UserBasicInfo). */
export const PostUserInfo = UserBasicInfo;
export type PostUserInfo = UserBasicInfo;

/** A question page's question (QuestionInfo). Times are Unix seconds; no id is '0'. */
export const QuestionInfo = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  /** The markdown source. */
  content: Type.String(),
  /** The sanitized HTML. */
  html: Type.String(),
  description: Type.String(),
  tags: Type.Array(TagResp),
  view_count: Type.Integer(),
  unique_view_count: Type.Integer(),
  vote_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  last_answer_id: Type.String(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  edit_time: Type.Integer(),
  pin: Type.Integer(),
  show: Type.Integer(),
  status: Type.Integer(),
  operation: Type.Optional(QuestionOperationInfo),
  user_info: PostUserInfo,
  update_user_info: Type.Optional(PostUserInfo),
  last_answered_user_info: Type.Optional(PostUserInfo),
  answered: Type.Boolean(),
  first_answer_id: Type.String(),
  collected: Type.Boolean(),
  vote_status: PostVoteStatus,
  is_followed: Type.Boolean(),
  /** Ours: the viewer has flagged the question and the flag waits for review (no second flag is offered). */
  reported: Type.Optional(Type.Boolean()),
  member_actions: Type.Array(MemberAction),
  extends_actions: Type.Array(MemberAction),
});
export type QuestionInfo = Static<typeof QuestionInfo>;

/** GET /answer/api/v1/question/info query. */
export const QuestionInfoQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 30 }) });
export type QuestionInfoQuery = Static<typeof QuestionInfoQuery>;

/** An edit summary: at most this many characters (what revision.log holds on every database). */
export const EDIT_SUMMARY_MAX = 255;

/** PUT /answer/api/v1/question body. */
export const QuestionEditBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 30 }),
  title: QuestionTitle,
  content: PostContent,
  tags: PostTags,
  edit_summary: Type.Optional(Type.String({ maxLength: EDIT_SUMMARY_MAX })),
  ...CaptchaFields,
});
export type QuestionEditBody = Static<typeof QuestionEditBody>;

/** PUT question answer: wait_for_review when the edit was stored as a suggestion. */
export const QuestionEditResult = Type.Object({ url_title: Type.String(), wait_for_review: Type.Boolean() });
export type QuestionEditResult = Static<typeof QuestionEditResult>;

/** DELETE question / DELETE answer body. */
export const PostDeleteBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 30 }), ...CaptchaFields });
export type PostDeleteBody = Static<typeof PostDeleteBody>;
