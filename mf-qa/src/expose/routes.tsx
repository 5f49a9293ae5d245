import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import en_US from '../i18n/en_US.json';
import questionsEnUS from '../questions/i18n/en_US.json';
import askEnUS from '../ask/i18n/en_US.json';
import commentsEnUS from '../comments/i18n/en_US.json';
import detailEnUS from '../detail/i18n/en_US.json';
import tagsEnUS from '../tags/i18n/en_US.json';
import searchEnUS from '../search/i18n/en_US.json';
import timelineEnUS from '../timeline/i18n/en_US.json';
import { screens } from './screens';

export { NAMESPACE } from '../namespace';

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
      timeline: timelineEnUS,
    },
    // Loaded when the interface is Chinese: English readers' first page does not carry these texts.
    zh_CN: () => import('../i18n/zh-cn-bundle').then((m) => m.default),
  },
  screens,
});
