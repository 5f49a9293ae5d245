import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';

export const NAMESPACE = 'mf_qa';

/** Screens whose capability comes later render an honest 'not available yet' panel, never fake content. */
const placeholder = (screen: string) => import('../routes/placeholder').then((m) => m.placeholder(screen));

export default defineRemoteRoutes({
  remote: 'mf_qa',
  // This remote's own imports: a singleton it failed to share would show up as a different instance.
  sources: {
    apiClient: api,
    useQueryClient,
    useStore,
    i18n: i18next,
    useTheme,
    loadAntdContext: () => import('@agora/shared-ui/antd').then((m) => m.AntdConfigContext),
  },
  translations: { en_US, zh_CN },
  screens: {
    'question-list': () => placeholder('question-list'),
    'question-ask': () => placeholder('question-ask'),
    'question-edit': () => placeholder('question-edit'),
    'answer-edit': () => placeholder('answer-edit'),
    'question-detail': () => placeholder('question-detail'),
    search: () => placeholder('search'),
    'tag-list': () => placeholder('tag-list'),
    'tag-create': () => placeholder('tag-create'),
    'tag-page': () => placeholder('tag-page'),
    'tag-info': () => placeholder('tag-info'),
    'tag-edit': () => placeholder('tag-edit'),
    timeline: () => placeholder('timeline'),
  },
});
