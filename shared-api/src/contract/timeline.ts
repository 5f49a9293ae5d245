import { Type, type Static } from 'typebox';
import { Id } from './envelope';
import { UserBasicInfo } from './user';

// Timelines of a question, an answer or a tag: every event with who did it, and the revisions behind
// its edits (docs/wire-contract.md, "Moderation").

/** GET activity/timeline?object_id[&show_vote]: votes only for staff who ask for them. */
export const TimelineQuery = Type.Object({
  object_id: Id,
  show_vote: Type.Optional(Type.Boolean()),
});
export type TimelineQuery = Static<typeof TimelineQuery>;

/**
 * The kinds of event a timeline row shows: asked, closed, reopened, answered, commented, accept, edited,
 * rollback, deleted, undeleted, pin, unpin, show, hide, created, upvote, downvote.
 */
export const TimelineItem = Type.Object({
  activity_id: Type.String(),
  /** The revision behind an edit, creation or rollback ('0' for other events). */
  revision_id: Type.String(),
  created_at: Type.Integer(),
  activity_type: Type.String(),
  /** The edit summary, close reason or remark ('' when none). */
  comment: Type.String(),
  object_id: Type.String(),
  object_type: Type.String(),
  /** A cancelled vote or an undone action. */
  cancelled: Type.Boolean(),
  cancelled_at: Type.Integer(),
  /** Who did it; a downvoter is hidden from everyone but administrators (display_name 'N/A'). */
  user_info: UserBasicInfo,
});
export type TimelineItem = Static<typeof TimelineItem>;

export const Timeline = Type.Object({
  object_info: Type.Object({
    title: Type.String(),
    object_type: Type.String(),
    question_id: Type.String(),
    answer_id: Type.String(),
    username: Type.String(),
    display_name: Type.String(),
    main_tag_slug_name: Type.String(),
  }),
  timeline: Type.Array(TimelineItem),
});
export type Timeline = Static<typeof Timeline>;

/** GET activity/timeline/detail?new_revision_id&old_revision_id (old '0': compare with nothing). */
export const TimelineDetailQuery = Type.Object({
  new_revision_id: Type.String({ pattern: '^[0-9]{1,20}$' }),
  old_revision_id: Type.String({ pattern: '^[0-9]{1,20}$' }),
});
export type TimelineDetailQuery = Static<typeof TimelineDetailQuery>;

/** One side of a revision diff. */
export const TimelineRevisionSide = Type.Object({
  title: Type.String(),
  tags: Type.Array(
    Type.Object({
      slug_name: Type.String(),
      display_name: Type.String(),
      main_tag_slug_name: Type.String(),
      recommend: Type.Boolean(),
      reserved: Type.Boolean(),
    }),
  ),
  original_text: Type.String(),
  slug_name: Type.String(),
  main_tag_slug_name: Type.String(),
});
export type TimelineRevisionSide = Static<typeof TimelineRevisionSide>;

export const TimelineDetail = Type.Object({ new_revision: TimelineRevisionSide, old_revision: TimelineRevisionSide });
export type TimelineDetail = Static<typeof TimelineDetail>;

/**
 * PUT revisions/rollback (this product's addition): puts an earlier revision of a question, answer or
 * tag back as a new revision (a 'rollback' row on the timeline). Staff and the post's owner.
 */
export const RevisionRollbackBody = Type.Object({
  revision_id: Type.String({ pattern: '^[0-9]{1,20}$' }),
  /** Edit summary of the rollback. */
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type RevisionRollbackBody = Static<typeof RevisionRollbackBody>;
