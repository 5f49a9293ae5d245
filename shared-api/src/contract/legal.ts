import { Type, type Static } from 'typebox';

/** The legal texts as an admin saves them (GET/PUT /answer/admin/api/siteinfo/polices, sic). */
export const SitePolicies = Type.Object({
  terms_of_service_original_text: Type.String(),
  terms_of_service_parsed_text: Type.String(),
  privacy_policy_original_text: Type.String(),
  privacy_policy_parsed_text: Type.String(),
});
export type SitePolicies = Static<typeof SitePolicies>;

/** GET /answer/api/v1/siteinfo/legal query. */
export const LegalQuery = Type.Object({
  info_type: Type.Union([Type.Literal('tos'), Type.Literal('privacy')]),
});
export type LegalQuery = Static<typeof LegalQuery>;

/**
 * GET /answer/api/v1/siteinfo/legal: only the pair asked for (terms of service or privacy policy).
 * An original text that is a full URL means "the policy lives there".
 */
export const LegalInfo = Type.Object({
  terms_of_service_original_text: Type.Optional(Type.String()),
  terms_of_service_parsed_text: Type.Optional(Type.String()),
  privacy_policy_original_text: Type.Optional(Type.String()),
  privacy_policy_parsed_text: Type.Optional(Type.String()),
});
export type LegalInfo = Static<typeof LegalInfo>;
