// This remote's texts (namespace mf_admin), one file per area so that areas grow apart: the layout and
// menu in en_US.json/zh_CN.json, each area's screens in `<area>.<language>.json`. Top-level keys of
// the area files must not collide (each area uses its own key).
import audit_en_US from './audit.en_US.json';
import audit_zh_CN from './audit.zh_CN.json';
import badges_en_US from './badges.en_US.json';
import badges_zh_CN from './badges.zh_CN.json';
import content_en_US from './content.en_US.json';
import content_zh_CN from './content.zh_CN.json';
import en_US from './en_US.json';
import jobs_en_US from './jobs.en_US.json';
import jobs_zh_CN from './jobs.zh_CN.json';
import settings_en_US from './settings.en_US.json';
import settings_zh_CN from './settings.zh_CN.json';
import zh_CN from './zh_CN.json';

export const translations = {
  en_US: { ...en_US, ...settings_en_US, ...content_en_US, ...badges_en_US, ...audit_en_US, ...jobs_en_US },
  zh_CN: { ...zh_CN, ...settings_zh_CN, ...content_zh_CN, ...badges_zh_CN, ...audit_zh_CN, ...jobs_zh_CN },
};
