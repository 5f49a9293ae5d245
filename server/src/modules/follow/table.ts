export type FollowableType = 'question' | 'tag';

/** tag.status of an available tag. */
export const TAG_AVAILABLE = 1;

/** The tag columns the following-tags list shows. */
export const TAG_COLUMNS = [
  'id',
  'main_tag_id',
  'slug_name',
  'display_name',
  'main_tag_slug_name',
  'recommend',
  'reserved',
] as const;
