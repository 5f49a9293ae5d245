import { setupRemoteTests } from '@agora/shared-api/testing';
import { registerSharedUiTranslations } from '@agora/shared-ui';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';

// As the shell starts this remote: its namespace in the one i18next instance, jsdom completed.
setupRemoteTests({ namespace: NAMESPACE, en_US, zh_CN, register: registerSharedUiTranslations });
