import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { Id } from './envelope';

// Votes, bookmarks and follows (docs/wire-contract.md; docs/product-rules.md).

/** POST /answer/api/v1/vote/up and vote/down body: the question, answer or comment voted on. */
export const VoteBody = Type.Object({
  object_id: Id,
  /** true: take back the vote of this direction. */
  is_cancel: Type.Optional(Type.Boolean()),
  ...CaptchaFields,
});
export type VoteBody = Static<typeof VoteBody>;

/** The caller's vote on an object after the change: `vote_up`, `vote_down` or '' (none). */
export const VoteStatus = Type.Union([Type.Literal('vote_up'), Type.Literal('vote_down'), Type.Literal('')]);
export type VoteStatus = Static<typeof VoteStatus>;

/** vote/up and vote/down answer: the object's active up and down votes, `votes` = up − down. */
export const VoteResp = Type.Object({
  up_votes: Type.Integer(),
  down_votes: Type.Integer(),
  votes: Type.Integer(),
  vote_status: VoteStatus,
});
export type VoteResp = Static<typeof VoteResp>;

/** POST /answer/api/v1/collection/switch body: bookmark (true) or un-bookmark (false) a question. */
export const CollectionSwitchBody = Type.Object({
  object_id: Id,
  /** Any value: the user's default group is used (docs/wire-contract.md). */
  group_id: Type.Optional(Type.String({ maxLength: 32 })),
  bookmark: Type.Optional(Type.Boolean()),
});
export type CollectionSwitchBody = Static<typeof CollectionSwitchBody>;

/** collection/switch answer: the question's bookmark count after the change. */
export const CollectionSwitchResp = Type.Object({ object_collection_count: Type.Integer() });
export type CollectionSwitchResp = Static<typeof CollectionSwitchResp>;

/** POST /answer/api/v1/follow body: a question or tag id. */
export const FollowBody = Type.Object({
  object_id: Id,
  is_cancel: Type.Optional(Type.Boolean()),
});
export type FollowBody = Static<typeof FollowBody>;

/** follow answer: the object's follower count and whether the caller follows it now. */
export const FollowResp = Type.Object({ follows: Type.Integer(), is_followed: Type.Boolean() });
export type FollowResp = Static<typeof FollowResp>;

/** PUT /answer/api/v1/follow/tags body: the complete set of tags to follow (others are unfollowed). */
export const FollowTagsBody = Type.Object({
  slug_name_list: Type.Array(Type.String({ maxLength: 35 }), { maxItems: 100 }),
});
export type FollowTagsBody = Static<typeof FollowTagsBody>;

/** GET /answer/api/v1/tags/following item: a tag the caller follows. */
export const FollowingTag = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type FollowingTag = Static<typeof FollowingTag>;
export const FollowingTags = Type.Array(FollowingTag);
export type FollowingTags = Static<typeof FollowingTags>;
