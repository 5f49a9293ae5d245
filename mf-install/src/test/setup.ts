import { setupRemoteTests } from '@agora/shared-api/testing';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { NAMESPACE } from '../namespace';

setupRemoteTests({ namespace: NAMESPACE, en_US, zh_CN });
