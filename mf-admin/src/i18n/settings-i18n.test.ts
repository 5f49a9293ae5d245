import { checkTranslations } from '@agora/shared-api/testing';
import en_US from './settings.en_US.json';
import zh_CN from './settings.zh_CN.json';

checkTranslations('settings screens', en_US, zh_CN);
