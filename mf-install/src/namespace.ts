/** The i18next namespace of this remote (its resources live in ./i18n). */
export const NAMESPACE = 'mf_install';
