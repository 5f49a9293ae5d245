import { checkTranslations } from '@agora/shared-api/testing';
import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

checkTranslations('badges', en_US, zh_CN);
