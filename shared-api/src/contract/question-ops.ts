import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Id } from './envelope';
import { UserBasicInfo } from './user';

// Question operations, invitations, similar/related questions, tag suggestions for the ask form and
// the write settings (docs/wire-contract.md; siteinfo/question and siteinfo/tag).

/** PUT question/status: close with a reason (config id from reasons?object_type=question&action=close). */
export const QuestionCloseBody = Type.Object({
  id: Id,
  close_type: Type.Integer({ minimum: 1 }),
  /** Required when the reason takes content; a URL when the reason is "a duplicate". */
  close_msg: Type.Optional(Type.String({ maxLength: 500 })),
});
export type QuestionCloseBody = Static<typeof QuestionCloseBody>;

/** PUT question/reopen. */
export const QuestionReopenBody = Type.Object({ question_id: Id });
export type QuestionReopenBody = Static<typeof QuestionReopenBody>;

/** PUT question/operation: pin globally, unpin, hide from lists, show in lists. */
export const QuestionOperationName = Type.Union([
  Type.Literal('pin'),
  Type.Literal('unpin'),
  Type.Literal('hide'),
  Type.Literal('show'),
]);
export type QuestionOperationName = Static<typeof QuestionOperationName>;
export const QuestionOperationBody = Type.Object({ id: Id, operation: QuestionOperationName });
export type QuestionOperationBody = Static<typeof QuestionOperationBody>;

/** POST question/recover and POST answer/recover (undelete). */
export const QuestionRecoverBody = Type.Object({ question_id: Id });
export type QuestionRecoverBody = Static<typeof QuestionRecoverBody>;
export const AnswerRecoverBody = Type.Object({ answer_id: Id });
export type AnswerRecoverBody = Static<typeof AnswerRecoverBody>;

/** GET revisions/edit/check?id: null when the post may be edited now. */
export const RevisionEditCheckQuery = Type.Object({ id: Id });
export type RevisionEditCheckQuery = Static<typeof RevisionEditCheckQuery>;

/** GET question/invite?id: the invited people. PUT question/invite: replaces the invited set. */
export const QuestionInviteQuery = Type.Object({ id: Id });
export type QuestionInviteQuery = Static<typeof QuestionInviteQuery>;
export const QuestionInviteBody = Type.Object({
  id: Id,
  /** Usernames. */
  invite_user: Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { maxItems: 20 }),
  ...CaptchaFields,
});
export type QuestionInviteBody = Static<typeof QuestionInviteBody>;
export const InvitedUsers = Type.Array(UserBasicInfo);
export type InvitedUsers = Static<typeof InvitedUsers>;

/** GET user/info/search?username: prefix match on username or display name (mentions, invitations). */
export const UserSearchQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 500 }) });
export type UserSearchQuery = Static<typeof UserSearchQuery>;
export const UserSearchResult = Type.Array(UserBasicInfo);
export type UserSearchResult = Static<typeof UserSearchResult>;

/** GET question/similar?title: questions like the title being typed on the ask form. */
export const SimilarQuestionsQuery = Type.Object({ title: Type.String({ minLength: 1, maxLength: 150 }) });
export type SimilarQuestionsQuery = Static<typeof SimilarQuestionsQuery>;
export const SimilarQuestion = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  status: Type.String(),
  accepted_answer: Type.Boolean(),
});
export type SimilarQuestion = Static<typeof SimilarQuestion>;
export const SimilarQuestions = Type.Array(SimilarQuestion);
export type SimilarQuestions = Static<typeof SimilarQuestions>;

/** GET question/similar/tag?question_id: related questions (shared tags) for the detail page. */
export const RelatedQuestionsQuery = Type.Object({ question_id: Id });
export type RelatedQuestionsQuery = Static<typeof RelatedQuestionsQuery>;

/** GET question/tags?tag (prefix; empty → recommended tags) and GET tags?tags=a,b: tag suggestions. */
export const QuestionTagsQuery = Type.Object({ tag: Type.Optional(Type.String({ maxLength: 35 })) });
export type QuestionTagsQuery = Static<typeof QuestionTagsQuery>;
export const TagBrief = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagBrief = Static<typeof TagBrief>;
export const TagBriefList = Type.Array(TagBrief);
export type TagBriefList = Static<typeof TagBriefList>;
export const TagsBySlugQuery = Type.Object({ tags: Type.String({ maxLength: 1000 }) });
export type TagsBySlugQuery = Static<typeof TagsBySlugQuery>;

/** Admin siteinfo/question (the "Write" settings, part 1). */
export const SiteQuestions = Type.Object({
  min_tags: Type.Integer({ minimum: 0, maximum: 5 }),
  min_content: Type.Integer({ minimum: 0, maximum: 65535 }),
  restrict_answer: Type.Boolean(),
});
export type SiteQuestions = Static<typeof SiteQuestions>;

/** A tag named by the write settings. */
export const SettingTag = Type.Object({
  slug_name: Type.String({ minLength: 1, maxLength: 35 }),
  display_name: Type.Optional(Type.String({ maxLength: 35 })),
});
export type SettingTag = Static<typeof SettingTag>;

/** Admin siteinfo/tag (the "Write" settings, part 2): recommended tags, required-tag switch, reserved tags. */
export const SiteTags = Type.Object({
  reserved_tags: Type.Array(SettingTag, { maxItems: 100 }),
  recommend_tags: Type.Array(SettingTag, { maxItems: 100 }),
  required_tag: Type.Boolean(),
});
export type SiteTags = Static<typeof SiteTags>;
