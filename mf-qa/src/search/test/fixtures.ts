import i18next from 'i18next';
import type { SearchItem, SearchObject } from '../api';
import { NAMESPACE } from '../../namespace';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';

// As expose/routes.tsx registers them: this area's texts under `search` in the remote's namespace.
i18next.addResourceBundle('en_US', NAMESPACE, { search: en_US }, true, true);
i18next.addResourceBundle('zh_CN', NAMESPACE, { search: zh_CN }, true, true);

export const V1 = '/answer/api/v1';
export const SEARCH = `GET ${V1}/search`;
export const SITEINFO = `GET ${V1}/siteinfo`;
export const ROUTES = ['/search'];

export const site = (permalink = 2) => ({
  general: { name: 'Agora Demo' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
});

/** A hit as GET search answers it: a question unless `object_type` says otherwise. */
export function hit(over: Partial<SearchObject> = {}, objectType: SearchItem['object_type'] = 'question'): SearchItem {
  const id = over.id ?? '10010000000000001';
  return {
    object_type: objectType,
    object: {
      id,
      question_id: objectType === 'question' ? id : '10010000000000001',
      title: 'How do I use React hooks?',
      url_title: 'how-do-i-use-react-hooks',
      excerpt: 'I want to use hooks in a React component.',
      created_at: Math.floor(Date.now() / 1000) - 300,
      vote_count: 3,
      accepted: false,
      answer_count: 2,
      user_info: { id: '1', username: 'alice', display_name: 'Alice', rank: 10, status: 'normal' },
      tags: [{ slug_name: 'react', display_name: 'React', main_tag_slug_name: '', recommend: false, reserved: false }],
      status: 'available',
      ...over,
    },
  };
}
