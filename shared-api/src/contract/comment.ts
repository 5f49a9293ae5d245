import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Id, Page } from './envelope';
import { Paging } from './paging';
import { UserStatus } from './user';

// Comments (docs/wire-contract.md; docs/product-rules.md).

/** Comment text: 2 to 600 characters (code points, after trimming); the server checks the length. */
export const COMMENT_MIN_LENGTH = 2;
export const COMMENT_MAX_LENGTH = 600;
/** An owner may edit their comment for this long after posting it (docs/wire-contract.md). */
export const COMMENT_EDIT_WINDOW_MS = 5 * 60 * 1000;

/** Comment list orders: `vote` = most votes first, then oldest; `created_at` = oldest first. */
export const CommentOrder = Type.Union([Type.Literal('vote'), Type.Literal('created_at')]);
export type CommentOrder = Static<typeof CommentOrder>;

/** GET /answer/api/v1/comment/page query. Absent page/page_size: 1 and 10. */
export const CommentPageQuery = Type.Object({
  /** The question or answer commented on. */
  object_id: Id,
  ...Paging(),
  /** This comment (e.g. a linked one) is put first on page 1 and is not repeated on any page. */
  comment_id: Type.Optional(Type.Union([Id, Type.Literal('')])),
  query_cond: Type.Optional(Type.Union([CommentOrder, Type.Literal('')])),
});
export type CommentPageQuery = Static<typeof CommentPageQuery>;

/** GET /answer/api/v1/comment query. */
export const CommentQuery = Type.Object({ id: Id });
export type CommentQuery = Static<typeof CommentQuery>;

/** An action the viewer may take on a comment (MemberAction); `name` is translated. */
export const CommentMemberAction = Type.Object({
  action: Type.Union([Type.Literal('report'), Type.Literal('edit'), Type.Literal('delete')]),
  name: Type.String(),
  type: Type.Union([Type.Literal('reason'), Type.Literal('edit')]),
});
export type CommentMemberAction = Static<typeof CommentMemberAction>;

/**
 * A comment (the shared shape Comment). Times are Unix seconds; `parsed_text` is sanitized HTML.
 * The reply fields are '' when the comment replies to nobody; avatars are URLs ('' = letter avatar).
 */
export const Comment = Type.Object({
  comment_id: Type.String(),
  created_at: Type.Integer(),
  object_id: Type.String(),
  vote_count: Type.Integer(),
  /** Whether the viewer voted the comment up. */
  is_vote: Type.Boolean(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  user_id: Type.String(),
  username: Type.String(),
  user_display_name: Type.String(),
  user_avatar: Type.String(),
  user_status: UserStatus,
  reply_user_id: Type.String(),
  reply_username: Type.String(),
  reply_user_display_name: Type.String(),
  reply_comment_id: Type.String(),
  reply_user_status: Type.Union([UserStatus, Type.Literal('')]),
  member_actions: Type.Array(CommentMemberAction),
  /** Only on a comment waiting for approval (11): its author and reviewers see it until then. */
  status: Type.Optional(Type.Literal(11)),
});
export type Comment = Static<typeof Comment>;

export const CommentPage = Page(Comment);
export type CommentPage = Static<typeof CommentPage>;

/** Text as sent; its length is checked by the server (code points, trimmed), see COMMENT_*_LENGTH. */
const CommentText = Type.String({ maxLength: 10_000 });

/** POST /answer/api/v1/comment. */
export const AddCommentBody = Type.Object({
  object_id: Id,
  original_text: CommentText,
  reply_comment_id: Type.Optional(Type.Union([Id, Type.Literal('')])),
  /** Usernames the author picked from the mention list (the text's `@name`s are what render as links). */
  mention_username_list: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  ...CaptchaFields,
});
export type AddCommentBody = Static<typeof AddCommentBody>;

/** PUT /answer/api/v1/comment. */
export const UpdateCommentBody = Type.Object({
  comment_id: Id,
  original_text: CommentText,
  ...CaptchaFields,
});
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

/** PUT /answer/api/v1/comment answer. */
export const UpdatedComment = Type.Object({
  comment_id: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
});
export type UpdatedComment = Static<typeof UpdatedComment>;

/** DELETE /answer/api/v1/comment (JSON body). */
export const DeleteCommentBody = Type.Object({ comment_id: Id, ...CaptchaFields });
export type DeleteCommentBody = Static<typeof DeleteCommentBody>;
