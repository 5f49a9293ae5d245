/** The i18next namespace of this remote (screens use useTranslation(NAMESPACE)). */
export const NAMESPACE = 'mf_review';
