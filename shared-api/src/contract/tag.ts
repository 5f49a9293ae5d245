import { Type, type Static } from 'typebox';
import { Id, Page } from './envelope';
import { Paging } from './paging';
import { EDIT_SUMMARY_MAX, MemberAction } from './question';
import { TAG_NAME_MAX, TAG_SLUG_PATTERN } from './tag-rules';
import { UserBasicInfo } from './user';

// Tags (docs/wire-contract.md; tag routes and tag creation rules in docs/product-rules.md). Times are Unix seconds.

export { TAG_NAME_MAX, TAG_SLUG_PATTERN };
/** The wiki (original_text) of a tag: at most this many characters. */
export const TAG_WIKI_MAX = 65536;

/** Tag list sorts: Popular, Name, Newest. */
export const TagListOrder = Type.Union([Type.Literal('popular'), Type.Literal('name'), Type.Literal('newest')]);
export type TagListOrder = Static<typeof TagListOrder>;

/** GET tags/page: main tags only; `slug_name` filters on slug or display name (substring, case-insensitive). */
export const TagPageQuery = Type.Object({
  ...Paging(),
  slug_name: Type.Optional(Type.String({ maxLength: TAG_NAME_MAX })),
  query_cond: Type.Optional(TagListOrder),
});
export type TagPageQuery = Static<typeof TagPageQuery>;

/** A tag of the tag list. `excerpt`/`description`: plain text of the wiki, at most 240 characters. */
export const TagPageItem = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  excerpt: Type.String(),
  description: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  follow_count: Type.Integer(),
  question_count: Type.Integer(),
  is_follower: Type.Boolean(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagPageItem = Static<typeof TagPageItem>;
export const TagPage = Page(TagPageItem);
export type TagPage = Static<typeof TagPage>;

/** GET tag?id= or ?name= (slug, lower-cased): one tag; a synonym answers with its main tag. */
export const TagInfoQuery = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Type.String({ maxLength: TAG_NAME_MAX })),
});
export type TagInfoQuery = Static<typeof TagInfoQuery>;

export const TagStatus = Type.Union([Type.Literal('available'), Type.Literal('deleted')]);
export type TagStatus = Static<typeof TagStatus>;

/** GET tag: member_actions are edit, delete, merge (synonyms), undelete — what the caller may do. */
export const TagInfo = Type.Object({
  tag_id: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  slug_name: Type.String(),
  display_name: Type.String(),
  excerpt: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  description: Type.String(),
  follow_count: Type.Integer(),
  question_count: Type.Integer(),
  is_follower: Type.Boolean(),
  status: TagStatus,
  member_actions: Type.Array(MemberAction),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagInfo = Static<typeof TagInfo>;

/** GET tag/synonyms?tag_id: the synonyms of a main tag; member_actions hold `edit` when the caller may change them. */
export const TagSynonymsQuery = Type.Object({ tag_id: Id });
export type TagSynonymsQuery = Static<typeof TagSynonymsQuery>;
export const TagSynonym = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
});
export type TagSynonym = Static<typeof TagSynonym>;
export const TagSynonyms = Type.Object({ synonyms: Type.Array(TagSynonym), member_actions: Type.Array(MemberAction) });
export type TagSynonyms = Static<typeof TagSynonyms>;

/** A tag named in a synonym list: an existing tag's slug, or a new one (created as a synonym). */
export const SynonymTagInput = Type.Object({
  slug_name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
  display_name: Type.Optional(Type.String({ maxLength: TAG_NAME_MAX })),
  original_text: Type.Optional(Type.String({ maxLength: TAG_WIKI_MAX })),
});
export type SynonymTagInput = Static<typeof SynonymTagInput>;

/** PUT tag/synonym: the complete synonym set of a main tag (P:tag.synonym). */
export const TagSynonymBody = Type.Object({
  tag_id: Id,
  synonym_tag_list: Type.Array(SynonymTagInput, { maxItems: 50 }),
});
export type TagSynonymBody = Static<typeof TagSynonymBody>;

/** POST tag (P:tag.add): a new main tag. */
export const TagCreateBody = Type.Object({
  slug_name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
  display_name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
  original_text: Type.Optional(Type.String({ maxLength: TAG_WIKI_MAX })),
});
export type TagCreateBody = Static<typeof TagCreateBody>;
export const TagCreateResult = Type.Object({ slug_name: Type.String() });
export type TagCreateResult = Static<typeof TagCreateResult>;

/** PUT tag (P:tag.edit): applied at once with tag.edit_without_review, else a suggested edit. */
export const TagUpdateBody = Type.Object({
  tag_id: Id,
  slug_name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
  display_name: Type.String({ minLength: 1, maxLength: TAG_NAME_MAX }),
  original_text: Type.Optional(Type.String({ maxLength: TAG_WIKI_MAX })),
  edit_summary: Type.Optional(Type.String({ maxLength: EDIT_SUMMARY_MAX })),
});
export type TagUpdateBody = Static<typeof TagUpdateBody>;
export const TagUpdateResult = Type.Object({ wait_for_review: Type.Boolean() });
export type TagUpdateResult = Static<typeof TagUpdateResult>;

/** DELETE tag (P:tag.delete) and POST tag/recover (P:tag.undeleted). */
export const TagIdBody = Type.Object({ tag_id: Id });
export type TagIdBody = Static<typeof TagIdBody>;

/**
 * POST tag/merge (moderators and admins): the source tag goes into the target. Its questions and
 * followers move to the target, its synonyms become the target's, and it becomes a synonym of the
 * target. Both available main tags, not the same.
 */
export const TagMergeBody = Type.Object({ source_tag_id: Id, target_tag_id: Id });
export type TagMergeBody = Static<typeof TagMergeBody>;

/** GET revisions?object_id: the approved history of a question, answer or tag, newest first. */
export const RevisionsQuery = Type.Object({ object_id: Id });
export type RevisionsQuery = Static<typeof RevisionsQuery>;

/** A tag's content in a revision. */
export const TagRevisionContent = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  main_tag_slug_name: Type.String(),
});
export type TagRevisionContent = Static<typeof TagRevisionContent>;

/**
 * One revision (Revision; `use_id` and `create_at` are the contract's spellings).
 * `content` is the object's content at that revision: TagRevisionContent for a tag, the question's
 * {title, content, html, tags} or the answer's {content, html} otherwise.
 */
export const Revision = Type.Object({
  id: Type.String(),
  use_id: Type.String(),
  object_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.Unknown(),
  /** 0 normal, 1 awaiting review, 2 approved, 3 rejected. */
  status: Type.Integer(),
  create_at: Type.Integer(),
  user_info: Type.Optional(UserBasicInfo),
  /** The edit summary. */
  reason: Type.String(),
});
export type Revision = Static<typeof Revision>;
export const RevisionList = Type.Array(Revision);
export type RevisionList = Static<typeof RevisionList>;
