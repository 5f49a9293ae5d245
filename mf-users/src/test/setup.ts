import { setupRemoteTests } from '@agora/shared-api/testing';
import authEnUS from '../auth/i18n/en_US.json';
import authZhCN from '../auth/i18n/zh_CN.json';
import badgesEnUS from '../people/badges/i18n/en_US.json';
import badgesZhCN from '../people/badges/i18n/zh_CN.json';
import screensEnUS from '../i18n/en_US.json';
import screensZhCN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';
import notificationsEnUS from '../notifications/i18n/en_US.json';
import notificationsZhCN from '../notifications/i18n/zh_CN.json';
import peopleEnUS from '../people/i18n/en_US.json';
import peopleZhCN from '../people/i18n/zh_CN.json';

// The namespace as expose/routes.tsx registers it.
const en_US = {
  ...screensEnUS,
  auth: authEnUS,
  people: peopleEnUS,
  notifications: notificationsEnUS,
  badges: badgesEnUS,
};
const zh_CN = {
  ...screensZhCN,
  auth: authZhCN,
  people: peopleZhCN,
  notifications: notificationsZhCN,
  badges: badgesZhCN,
};

setupRemoteTests({ namespace: NAMESPACE, en_US, zh_CN });
