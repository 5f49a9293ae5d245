// The translation checks every mf-qa area runs on its own en_US/zh_CN pair (i18n.test.ts per area).
export { checkTranslations, type Messages } from '@agora/test-kit/translations';
