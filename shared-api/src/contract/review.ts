import { Type, type Static } from 'typebox';
import { Id } from './envelope';
import { Paging } from './paging';
import { TagResp } from './question';
import { ReasonItem } from './reason';
import { Revision } from './tag';
import { UserBasicInfo } from './user';

// The review queue (docs/wire-contract.md, "Moderation"): suggested edits, flagged posts and queued
// posts, each served one task per page (page size 1; `count` is the length of the queue).

/** The kinds of review task: queued posts and flags for staff, suggested edits for holders of an audit privilege. */
export const ReviewingTypeName = Type.Union([
  Type.Literal('queued_post'),
  Type.Literal('flagged_post'),
  Type.Literal('suggested_post_edit'),
]);
export type ReviewingTypeName = Static<typeof ReviewingTypeName>;

/** GET reviewing/type: each kind the viewer may review, with its to-do count. */
export const ReviewingTypes = Type.Array(
  Type.Object({ name: ReviewingTypeName, label: Type.String(), todo_amount: Type.Integer() }),
);
export type ReviewingTypes = Static<typeof ReviewingTypes>;

/** `?page` of a one-task-per-page queue. */
export const ReviewPageQuery = Type.Object({ page: Paging().page });
export type ReviewPageQuery = Static<typeof ReviewPageQuery>;

/** The post a review task is about (the same fields for every kind). */
const TaskObject = {
  created_at: Type.Integer(),
  object_id: Type.String(),
  question_id: Type.String(),
  /** '' when the object is not an answer or a comment on one. */
  answer_id: Type.String(),
  /** '' when the object is not a comment. */
  comment_id: Type.String(),
  object_type: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]),
  /** The question's title (for an answer or a comment: the question it belongs to). */
  title: Type.String(),
  url_title: Type.String(),
  /** Markdown source and sanitized HTML of the object itself. */
  original_text: Type.String(),
  parsed_text: Type.String(),
  answer_count: Type.Integer(),
  answer_accepted: Type.Boolean(),
  tags: Type.Array(TagResp),
  /** The object's status number (1 available, 2 closed, 10 deleted, 11 pending) and list status (1 listed, 2 unlisted). */
  object_status: Type.Integer(),
  object_show_status: Type.Integer(),
  author_user_info: UserBasicInfo,
};

// ---- Suggested edits -------------------------------------------------------------------------

/** GET revisions/unreviewed?page: one suggested edit the viewer may review, with its object as it is now. */
export const UnreviewedRevision = Type.Object({
  type: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('tag')]),
  info: Type.Object({
    created_at: Type.Integer(),
    object_id: Type.String(),
    question_id: Type.String(),
    answer_id: Type.String(),
    comment_id: Type.String(),
    object_type: Type.String(),
    object_creator_user_id: Type.String(),
    /** Current title (question), the question's title (answer) or the display name (tag). */
    title: Type.String(),
    url_title: Type.String(),
    /** Current markdown and HTML of the object. */
    content: Type.String(),
    html: Type.String(),
    answer_count: Type.Integer(),
    answer_accepted: Type.Boolean(),
    tags: Type.Array(TagResp),
    status: Type.Integer(),
    show_status: Type.Integer(),
  }),
  /** The suggested revision: its `content` is the proposed object, `reason` the edit summary. */
  unreviewed_info: Revision,
});
export type UnreviewedRevision = Static<typeof UnreviewedRevision>;
export const UnreviewedRevisionPage = Type.Object({ count: Type.Integer(), list: Type.Array(UnreviewedRevision) });
export type UnreviewedRevisionPage = Static<typeof UnreviewedRevisionPage>;

/** PUT revisions/audit: approve or reject a suggested edit (revision id). */
export const RevisionAuditBody = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,20}$' }),
  operation: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
});
export type RevisionAuditBody = Static<typeof RevisionAuditBody>;

// ---- Flags -----------------------------------------------------------------------------------

/** GET report/unreviewed/post?page: one pending flag (the oldest first) with the flagged object in context. */
export const FlaggedPost = Type.Object({
  flag_id: Type.String(),
  ...TaskObject,
  /** When the flag was raised (Unix seconds) and by whom. */
  submit_at: Type.Integer(),
  submitter_user: UserBasicInfo,
  reason: ReasonItem,
  /** The flagger's remark ('' when the reason takes none). */
  reason_content: Type.String(),
});
export type FlaggedPost = Static<typeof FlaggedPost>;
export const FlaggedPostPage = Type.Object({ count: Type.Integer(), list: Type.Array(FlaggedPost) });
export type FlaggedPostPage = Static<typeof FlaggedPostPage>;

export const ReportOperation = Type.Union([
  Type.Literal('edit_post'),
  Type.Literal('close_post'),
  Type.Literal('delete_post'),
  Type.Literal('unlist_post'),
  Type.Literal('ignore_report'),
]);
export type ReportOperation = Static<typeof ReportOperation>;

/** PUT report/review: settle a flag by acting on its object (or ignoring it). */
export const ReportReviewBody = Type.Object({
  flag_id: Id,
  operation_type: ReportOperation,
  /** close_post: a close reason's config id, and its remark when the reason takes one. */
  close_type: Type.Optional(Type.Integer({ minimum: 1 })),
  close_msg: Type.Optional(Type.String({ maxLength: 500 })),
  /** edit_post: the new title (questions), body and tags (questions). */
  title: Type.Optional(Type.String({ maxLength: 150 })),
  content: Type.Optional(Type.String({ maxLength: 65535 })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 35 }), { maxItems: 10 })),
});
export type ReportReviewBody = Static<typeof ReportReviewBody>;

// ---- Queued posts ----------------------------------------------------------------------------

/** GET review/pending/post/page?page[&object_id]: one post waiting for approval (status 11). */
export const PendingPostQuery = Type.Object({ page: Paging().page, object_id: Type.Optional(Id) });
export type PendingPostQuery = Static<typeof PendingPostQuery>;
export const PendingPost = Type.Object({
  review_id: Type.Integer(),
  ...TaskObject,
  submit_at: Type.Integer(),
  /** Who queued it: the site's rule, by name. */
  submitter_display_name: Type.String(),
  /** Why it was queued (a reason key the UI translates, e.g. `review.reason.new_member`). */
  reason: Type.String(),
});
export type PendingPost = Static<typeof PendingPost>;
export const PendingPostPage = Type.Object({ count: Type.Integer(), list: Type.Array(PendingPost) });
export type PendingPostPage = Static<typeof PendingPostPage>;

/** PUT review/pending/post: approve (the post becomes available) or reject (deleted). */
export const PendingPostReviewBody = Type.Object({
  review_id: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
});
export type PendingPostReviewBody = Static<typeof PendingPostReviewBody>;

// ---- Moderation settings ---------------------------------------------------------------------

/**
 * Admin siteinfo/moderation: which new posts wait for approval, and the repeat-deletion block.
 * - queue_first_posts: a member's posts are queued until this many of theirs are published (0: off);
 * - queue_words: posts whose title or body contain one of these words (whole words, any case) are queued;
 * - deletion_block_count / _days / _block_days: an account whose answered questions or accepted answers
 *   were deleted this many times within `deletion_block_days` days may not ask or answer for
 *   `deletion_block_block_days` days (count 0: off).
 */
export const SiteModeration = Type.Object({
  queue_first_posts: Type.Integer({ minimum: 0, maximum: 100 }),
  queue_words: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 }),
  deletion_block_count: Type.Integer({ minimum: 0, maximum: 100 }),
  deletion_block_days: Type.Integer({ minimum: 1, maximum: 365 }),
  deletion_block_block_days: Type.Integer({ minimum: 1, maximum: 365 }),
});
export type SiteModeration = Static<typeof SiteModeration>;
