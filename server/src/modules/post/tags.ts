import { TAG_SLUG_PATTERN, type SettingTag } from '@agora/shared-api/contract';

/**
 * What modules the tag module builds on need to know of tags (the settings routes name tags): the
 * slug rule, and the port through which they resolve and flag tags (TagService implements it). They
 * live here so those modules never import the tag module, which imports them.
 */

/** Tag slugs: a-z, 0-9 and + # - . (docs/product-rules.md), at most 35 characters. */
export const TAG_SLUG = new RegExp(TAG_SLUG_PATTERN);

/** Tags the write settings name, checked against the tag table. */
export interface ResolvedSettingTags {
  /** The main tags named (synonyms folded into them), each once, in the order named. */
  tags: { id: string; slug_name: string; display_name: string }[];
  /** Slugs that name no available tag (or are not slugs at all), as given. */
  missing: string[];
}

/** The tags the write settings name and flag. */
export interface SettingTagSource {
  /** The tags a write setting names: main tags (synonyms folded) and the slugs that name none. */
  resolve(list: SettingTag[]): Promise<ResolvedSettingTags>;
  /** Marks exactly these tags recommended and exactly these reserved. */
  setFlags(recommendIds: string[], reservedIds: string[]): Promise<void>;
}
