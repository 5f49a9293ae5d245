import { setupRemoteTests } from '@agora/shared-api/testing';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import askEnUS from '../ask/i18n/en_US.json';
import commentsEnUS from '../comments/i18n/en_US.json';
import detailEnUS from '../detail/i18n/en_US.json';
import screensEnUS from '../i18n/en_US.json';
import zh_CN from '../i18n/zh-cn-bundle';
import { NAMESPACE } from '../namespace';
import questionsEnUS from '../questions/i18n/en_US.json';
import searchEnUS from '../search/i18n/en_US.json';
import tagsEnUS from '../tags/i18n/en_US.json';
import timelineEnUS from '../timeline/i18n/en_US.json';

// The namespace as expose/routes.tsx registers it: every area's texts, so a screen showing a part shared
// from common/ finds the texts that part uses.
const en_US = {
  ...screensEnUS,
  questions: questionsEnUS,
  ask: askEnUS,
  detail: detailEnUS,
  comments: commentsEnUS,
  tags: tagsEnUS,
  search: searchEnUS,
  timeline: timelineEnUS,
};

setupRemoteTests({ namespace: NAMESPACE, en_US, zh_CN, register: registerSharedUiTranslations });
