import type { Nullable, WithDefault } from './columns';

/**
 * Q&A core (migration 20261121070000_qa_core; Apache Answer's tables). Object ids (17 digits) are
 * strings; plain ids (users, activities, revisions, ...) are numbers. Where Answer writes 0 or "0"
 * for "none", the column is NULL here. Times are Unix ms.
 */

/** question.status: 1 available, 2 closed, 10 deleted, 11 pending; pin 1/2 (pinned); show 1 listed / 2 unlisted. */
export interface QuestionTable {
  id: string;
  user_id: number;
  /** JSON array of invited user ids (strings), or NULL. */
  invite_user_id: Nullable<string>;
  last_edit_user_id: Nullable<number>;
  title: string;
  original_text: string;
  parsed_text: string;
  pin: WithDefault<number>;
  show: WithDefault<number>;
  status: WithDefault<number>;
  view_count: WithDefault<number>;
  unique_view_count: WithDefault<number>;
  /** Up votes minus down votes. */
  vote_count: WithDefault<number>;
  /** Available (status 1) answers. */
  answer_count: WithDefault<number>;
  /** Bookmarks. */
  collection_count: WithDefault<number>;
  follow_count: WithDefault<number>;
  /** New-question mails: NULL while waiting for the dispatcher, `done` once handled (modules/notify-mail). */
  mail_state: Nullable<string>;
  /** ceil(score * 10000) of the hot-list score (docs/product-rules.md). */
  hot_score: WithDefault<number>;
  accepted_answer_id: Nullable<string>;
  last_answer_id: Nullable<string>;
  /** Last activity on the question (asked, answered, edited): the "active" order. */
  post_update_time: number;
  revision_id: Nullable<number>;
  /** Available question_link rows pointing at this question. */
  linked_count: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** answer.status: 1 available, 10 deleted, 11 pending; adopted: 1 no, 2 accepted. */
export interface AnswerTable {
  id: string;
  question_id: string;
  user_id: number;
  last_edit_user_id: Nullable<number>;
  original_text: string;
  parsed_text: string;
  status: WithDefault<number>;
  adopted: WithDefault<number>;
  /** Available comments on this answer. */
  comment_count: WithDefault<number>;
  vote_count: WithDefault<number>;
  revision_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** comment.status: 1 available, 10 deleted, 11 pending. `object_id` is the question or answer commented on. */
export interface CommentTable {
  id: string;
  user_id: number;
  reply_user_id: Nullable<number>;
  reply_comment_id: Nullable<string>;
  object_id: string;
  question_id: string;
  /** Active comment.vote_up activities. */
  vote_count: WithDefault<number>;
  status: WithDefault<number>;
  original_text: string;
  parsed_text: string;
  created_at: number;
  updated_at: number;
}

/** tag.status: 1 available, 10 deleted. A synonym has main_tag_id/main_tag_slug_name of its main tag. */
export interface TagTable {
  id: string;
  main_tag_id: Nullable<string>;
  /** '' for a main tag. */
  main_tag_slug_name: WithDefault<string>;
  /** Unique; lower case (the app folds it). */
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  follow_count: WithDefault<number>;
  /** Available (status 1) tag_rel rows. */
  question_count: WithDefault<number>;
  status: WithDefault<number>;
  /** 0 no, 1 yes (Answer's bool). */
  recommend: WithDefault<number>;
  /** 0 no, 1 yes: only moderators and admins may use it. */
  reserved: WithDefault<number>;
  revision_id: Nullable<number>;
  /** Who created it. */
  user_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** tag_rel.status: 1 available, 2 hidden (the question is unlisted), 10 deleted. `object_id` is a question id. */
export interface TagRelTable {
  id: number;
  object_id: string;
  tag_id: string;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/**
 * Reputation events, votes and follows. `activity_type` is a config row id (the reputation rules). A
 * vote is two rows: the voter's (user_id = voter, trigger_user_id 0, e.g. question.vote_up) and the
 * author's (user_id = author, trigger_user_id = voter, e.g. question.voted_up). `rank` is the change
 * actually applied (after the daily cap and the floor of 1); has_rank 1 when it is not 0.
 */
export interface ActivityTable {
  id: number;
  user_id: number;
  trigger_user_id: WithDefault<number>;
  object_id: string;
  original_object_id: string;
  activity_type: number;
  /** 0 active, 1 cancelled. */
  cancelled: WithDefault<number>;
  cancelled_at: Nullable<number>;
  rank: WithDefault<number>;
  has_rank: WithDefault<number>;
  revision_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** revision.status: 0 normal, 1 unreviewed (suggested edit), 2 approved, 3 rejected; object_type 1/2/3. */
export interface RevisionTable {
  id: number;
  user_id: number;
  object_type: number;
  object_id: string;
  title: WithDefault<string>;
  /** JSON snapshot: question {title, original_text, tags[]}, answer {question_id, original_text}, tag {slug_name, display_name, original_text}. */
  content: string;
  /** The edit summary. */
  log: WithDefault<string>;
  status: WithDefault<number>;
  review_user_id: Nullable<number>;
  created_at: number;
  updated_at: number;
}

/** A bookmark (object id of type 6). */
export interface CollectionTable {
  id: string;
  user_id: number;
  object_id: string;
  user_collection_group_id: number;
  created_at: number;
  updated_at: number;
}

/** default_group: 1 the user's default group, 2 made by the user. */
export interface CollectionGroupTable {
  id: number;
  user_id: number;
  name: string;
  default_group: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** Keys: question.close.reason ({close_type, close_msg}), *.edit.summary, object.react.summary. */
export interface MetaTable {
  id: number;
  object_id: string;
  key: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** status: 1 available, 2 deleted. */
export interface QuestionLinkTable {
  id: number;
  from_question_id: string;
  from_answer_id: Nullable<string>;
  to_question_id: string;
  to_answer_id: Nullable<string>;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}
