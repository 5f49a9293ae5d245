import {
  SiteAdvanced,
  SiteBranding,
  SiteCustomCssHtml,
  SiteGeneral,
  SiteInterface,
  SiteLogin,
  SitePolicies,
  SiteSecurity,
  SiteSeo,
  SiteQuestions,
  SiteModeration,
  SiteSmtp,
  SiteTags,
  SiteTheme,
  SiteUsers,
  ThemeConfig,
} from '@agora/shared-api/contract';
import { Type, type Static, type TObject, type TOptional, type TProperties, type TSchema } from 'typebox';

/**
 * Every site setting, grouped as the admin screens save them (docs/wire-contract.md). The groups reuse
 * the wire schemas, so what is stored is exactly what siteinfo serves.
 */
export const SiteSettings = Type.Object({
  general: SiteGeneral,
  interface: SiteInterface,
  branding: SiteBranding,
  login: SiteLogin,
  theme: SiteTheme,
  custom_css_html: SiteCustomCssHtml,
  seo: SiteSeo,
  users: SiteUsers,
  legal: SitePolicies,
  security: SiteSecurity,
  /** Write settings, part 1 (siteinfo/question): minimum tags and body, one answer per member. */
  question: SiteQuestions,
  /** Write settings, part 2 (siteinfo/tag): recommended and reserved tags, required-tag switch. */
  tag: SiteTags,
  /** Admin-only (setting/smtp): never served by siteinfo or any public route. */
  smtp: SiteSmtp,
  /** Admin-only (siteinfo/moderation): the post queue and the repeat-deletion block. */
  moderation: SiteModeration,
  /** Admin-only (siteinfo/advanced): what the upload route accepts (sizes in MB, megapixels, extensions). */
  advanced: SiteAdvanced,
});
export type SiteSettings = Static<typeof SiteSettings>;
export type SettingsGroup = keyof SiteSettings;
export const SETTINGS_GROUPS = Object.keys(SiteSettings.properties) as SettingsGroup[];

type PartialProps<P extends TProperties> = { [K in keyof P]: TOptional<P[K]> };

/** Every property optional and no unknown keys: a typo in the config file fails loudly. */
function strictPartial<P extends TProperties>(schema: TObject<P>, omit: string[] = []): TObject<PartialProps<P>> {
  const props: Record<string, TSchema> = {};
  for (const [key, value] of Object.entries(schema.properties))
    if (!omit.includes(key)) props[key] = Type.Optional(value);
  return Type.Object(props, { additionalProperties: false }) as unknown as TObject<PartialProps<P>>;
}

/**
 * The `site` object of the config file: any group, any subset of its fields. Legal texts are given
 * as original text only (the HTML is derived); `security.login_required` follows `login`.
 */
export const SiteOverrides = Type.Object(
  {
    general: Type.Optional(strictPartial(SiteGeneral)),
    interface: Type.Optional(strictPartial(SiteInterface)),
    branding: Type.Optional(strictPartial(SiteBranding)),
    login: Type.Optional(strictPartial(SiteLogin)),
    theme: Type.Optional(
      Type.Object(
        {
          theme: Type.Optional(Type.String()),
          theme_config: Type.Optional(Type.Record(Type.String(), strictPartial(ThemeConfig))),
          color_scheme: Type.Optional(Type.String()),
          layout: Type.Optional(Type.Union([Type.Literal('Full-width'), Type.Literal('Fixed-width')])),
        },
        { additionalProperties: false },
      ),
    ),
    custom_css_html: Type.Optional(strictPartial(SiteCustomCssHtml)),
    seo: Type.Optional(strictPartial(SiteSeo)),
    users: Type.Optional(strictPartial(SiteUsers)),
    legal: Type.Optional(
      Type.Object(
        {
          terms_of_service_original_text: Type.Optional(Type.String()),
          privacy_policy_original_text: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    security: Type.Optional(strictPartial(SiteSecurity, ['login_required'])),
    question: Type.Optional(strictPartial(SiteQuestions)),
    // Only the switch: recommended and reserved tags are flags on tag rows, set by the admin screen.
    tag: Type.Optional(strictPartial(SiteTags, ['reserved_tags', 'recommend_tags'])),
    smtp: Type.Optional(strictPartial(SiteSmtp)),
    moderation: Type.Optional(strictPartial(SiteModeration)),
    advanced: Type.Optional(strictPartial(SiteAdvanced)),
  },
  { additionalProperties: false },
);
export type SiteOverrides = Static<typeof SiteOverrides>;
