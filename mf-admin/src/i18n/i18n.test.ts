import { checkTranslations } from '@agora/shared-api/testing';
import audit_en_US from './audit.en_US.json';
import audit_zh_CN from './audit.zh_CN.json';
import badges_en_US from './badges.en_US.json';
import badges_zh_CN from './badges.zh_CN.json';
import content_en_US from './content.en_US.json';
import content_zh_CN from './content.zh_CN.json';
import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

checkTranslations('mf-admin layout', en_US, zh_CN);
checkTranslations('mf-admin content screens', content_en_US, content_zh_CN);
checkTranslations('mf-admin badges screen', badges_en_US, badges_zh_CN);
checkTranslations('mf-admin audit log screen', audit_en_US, audit_zh_CN);
