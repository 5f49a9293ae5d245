import { Type, type Static } from 'typebox';
import { UserStatus } from './user';

// Question lists (answer-api.md §2.3 GET question/page, shared shapes QuestionPageItem and TagResp).

/** List orders (answer-api.md §7); `recommend` needs a login and is not served yet. */
export const QuestionOrder = Type.Union([
  Type.Literal('newest'),
  Type.Literal('active'),
  Type.Literal('frequent'),
  Type.Literal('score'),
  Type.Literal('unanswered'),
  Type.Literal('hot'),
]);
export type QuestionOrder = Static<typeof QuestionOrder>;

/** GET /answer/api/v1/question/page query. Absent page/page_size: 1 and 10 (answer-api.md §1.2). */
export const QuestionPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  order: Type.Optional(QuestionOrder),
  /** A tag's slug: its questions and those of its synonyms (or of its main tag's family). */
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only questions asked within this many days. */
  in_days: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type QuestionPageQuery = Static<typeof QuestionPageQuery>;

/** A tag as posts show it (answer-api.md §2 TagResp). */
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
