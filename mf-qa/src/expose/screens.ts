import type { ScreenList } from '@agora/shared-api';

/**
 * Every screen this remote renders: its id (what the shell's route table names) and its lazy loader (each
 * screen is its own chunk). The one list: the shell reads its ids as a type and tests that it routes to all
 * of them. Translations of each area: that area's i18n folder, under the area's name.
 */
export const screens = {
  'question-list': () => import('../questions/list/question-list-screen'),
  'question-ask': () => import('../ask/ask-screen'),
  'question-edit': () => import('../ask/question-edit-screen'),
  'answer-edit': () => import('../ask/answer-edit-screen'),
  'question-detail': () => import('../detail/question-detail-screen'),
  search: () => import('../search/search-screen'),
  'tag-list': () => import('../tags/list/tag-list-screen'),
  'tag-create': () => import('../tags/form/tag-create-screen'),
  'tag-page': () => import('../tags/page/tag-page-screen'),
  'tag-info': () => import('../tags/info/tag-info-screen'),
  'tag-edit': () => import('../tags/form/tag-edit-screen'),
  timeline: () => import('../timeline/timeline-screen'),
} satisfies ScreenList;
