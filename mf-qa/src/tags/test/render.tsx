import i18next from 'i18next';
import { NAMESPACE } from '../../namespace';
import tagsEnUS from '../i18n/en_US.json';
import tagsZhCN from '../i18n/zh_CN.json';
import type { TagInfo, TagPageItem } from '../api';

// As expose/routes.tsx registers them: this area's texts under `tags` (the global set-up adds the other
// areas', among them `ask`, whose form parts and leave dialog the tag form reuses).
i18next.addResourceBundle('en_US', NAMESPACE, { tags: tagsEnUS }, true, true);
i18next.addResourceBundle('zh_CN', NAMESPACE, { tags: tagsZhCN }, true, true);

// jsdom has no ResizeObserver; antd's inputs and overflow measuring use it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export { currentLocation, MEMBER, renderScreen } from '../../test/render';

export const V1 = '/answer/api/v1';

/** The shell's tag routes (shell/src/app/router/route-table.ts). */
export const TAG_ROUTES = ['/tags', '/tags/create', '/tags/:tagName', '/tags/:tagName/info', '/tags/:tagId/edit'];

/** A tag of GET tags/page. */
export function tagItem(overrides: Partial<TagPageItem> = {}): TagPageItem {
  return {
    tag_id: '10030000000000001',
    slug_name: 'react',
    display_name: 'React',
    excerpt: 'A library for building user interfaces.',
    description: 'A library for building user interfaces.',
    original_text: 'A library for building user interfaces.',
    parsed_text: '<p>A library for building user interfaces.</p>',
    follow_count: 3,
    question_count: 1234,
    is_follower: false,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    recommend: false,
    reserved: false,
    ...overrides,
  };
}

export function tagItems(n: number, from = 1): TagPageItem[] {
  return Array.from({ length: n }, (_, i) =>
    tagItem({
      tag_id: `1003000000000${String(from + i).padStart(4, '0')}`,
      slug_name: `tag-${from + i}`,
      display_name: `Tag ${from + i}`,
    }),
  );
}

/** GET tag. */
export function tagInfo(overrides: Partial<TagInfo> = {}): TagInfo {
  const { recommend, reserved, ...item } = tagItem();
  return {
    ...item,
    recommend,
    reserved,
    status: 'available',
    member_actions: [],
    main_tag_slug_name: '',
    ...overrides,
  };
}

export const action = (name: string) => ({ action: name, name, type: name === 'edit' ? 'edit' : 'reason' });
