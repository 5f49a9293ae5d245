import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import en_US from '../i18n/en_US.json';
import questionsEnUS from '../questions/i18n/en_US.json';
import { questionScreens } from '../questions/screens';
import askEnUS from '../ask/i18n/en_US.json';
import { askScreens } from '../ask/screens';
import commentsEnUS from '../comments/i18n/en_US.json';
import detailEnUS from '../detail/i18n/en_US.json';
import { detailScreens } from '../detail/screens';
import tagsEnUS from '../tags/i18n/en_US.json';
import { tagScreens } from '../tags/screens';
import searchEnUS from '../search/i18n/en_US.json';
import { searchScreens } from '../search/screens';

export { NAMESPACE } from '../namespace';

/** Screens whose capability comes later render an honest 'not available yet' panel, never fake content. */
const placeholder = (screen: string) => import('../routes/placeholder').then((m) => m.placeholder(screen));

/** A built screen when its area provides one, else the placeholder. */
const built = { ...questionScreens, ...askScreens, ...detailScreens, ...tagScreens, ...searchScreens };
const screen = (id: string) => built[id] ?? (() => placeholder(id));

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
  translations: {
    en_US: {
      ...en_US,
      questions: questionsEnUS,
      ask: askEnUS,
      detail: detailEnUS,
      comments: commentsEnUS,
      tags: tagsEnUS,
      search: searchEnUS,
    },
    // Loaded when the interface is Chinese: English readers' first page does not carry these texts.
    zh_CN: () => import('../i18n/zh-cn-bundle').then((m) => m.default),
  },
  screens: {
    'question-list': screen('question-list'),
    'question-ask': screen('question-ask'),
    'question-edit': screen('question-edit'),
    'answer-edit': screen('answer-edit'),
    'question-detail': screen('question-detail'),
    search: screen('search'),
    'tag-list': screen('tag-list'),
    'tag-create': screen('tag-create'),
    'tag-page': screen('tag-page'),
    'tag-info': screen('tag-info'),
    'tag-edit': screen('tag-edit'),
    timeline: screen('timeline'),
  },
});
