/** This remote's i18n namespace (registered by expose/routes.tsx). */
export const NAMESPACE = 'mf_admin';
