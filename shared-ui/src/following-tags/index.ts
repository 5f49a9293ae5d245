// @agora/shared-ui/following-tags: the following-tags card. Light (no antd) but on its own entry, so
// the pages that never show it (visitors on the home page, most screens) do not download it. API-free: the
// caller passes the tags and the loaders (GET tags/following, GET question/tags, PUT follow/tags).
export { FollowingTagsCard, type FollowingTagsCardProps } from './following-tags-card';
export { MAX_FOLLOWED_TAGS, MAX_TAG_SUGGESTIONS, type FollowedTag, type TagSuggestLoader } from './types';
