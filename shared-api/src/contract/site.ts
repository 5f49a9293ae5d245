import { Type, type Static } from 'typebox';
import { SiteAdvanced, SiteUsersSettings } from './admin-settings';
import { SiteQuestions, SiteTags } from './question-ops';

export const SiteGeneral = Type.Object({
  name: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  site_url: Type.String(),
  contact_email: Type.String(),
  check_update: Type.Optional(Type.Boolean()),
});

export const SiteInterface = Type.Object({
  language: Type.String(),
  time_zone: Type.String(),
  default_avatar: Type.Optional(Type.String()),
});

export const SiteBranding = Type.Object({
  logo: Type.String(),
  mobile_logo: Type.String(),
  square_icon: Type.String(),
  favicon: Type.String(),
});

export const SiteLogin = Type.Object({
  allow_new_registrations: Type.Boolean(),
  allow_email_registrations: Type.Boolean(),
  allow_password_login: Type.Boolean(),
  login_required: Type.Boolean(),
  allow_email_domains: Type.Array(Type.String()),
  require_email_verification: Type.Optional(Type.Boolean()),
});

export const ThemeConfig = Type.Object({
  navbar_style: Type.String(),
  primary_color: Type.String(),
});

export const SiteTheme = Type.Object({
  theme: Type.String(),
  theme_config: Type.Record(Type.String(), ThemeConfig),
  color_scheme: Type.String(),
  layout: Type.Optional(Type.String()),
});

export const SiteCustomCssHtml = Type.Object({
  custom_css: Type.String(),
  custom_head: Type.String(),
  custom_header: Type.String(),
  custom_footer: Type.String(),
  custom_sidebar: Type.String(),
});

export const SiteSeo = Type.Object({ permalink: Type.Integer({ minimum: 0, maximum: 4 }), robots: Type.String() });

export const SiteUsers = Type.Object({
  default_avatar: Type.String(),
  gravatar_base_url: Type.String(),
  allow_update_display_name: Type.Boolean(),
  allow_update_username: Type.Boolean(),
  allow_update_avatar: Type.Boolean(),
  allow_update_bio: Type.Boolean(),
  allow_update_website: Type.Boolean(),
  allow_update_location: Type.Boolean(),
});

export const SiteSecurity = Type.Object({
  login_required: Type.Boolean(),
  external_content_display: Type.String(),
  check_update: Type.Boolean(),
});

/** GET /answer/api/v1/siteinfo (docs/wire-contract.md). Extra fields a newer server adds are tolerated. */
export const SiteInfo = Type.Object({
  general: SiteGeneral,
  interface: SiteInterface,
  branding: SiteBranding,
  login: SiteLogin,
  theme: SiteTheme,
  custom_css_html: SiteCustomCssHtml,
  site_seo: SiteSeo,
  site_users: SiteUsers,
  site_security: Type.Optional(SiteSecurity),
  /** The default avatar (siteinfo/users-settings). */
  users_settings: Type.Optional(SiteUsersSettings),
  /** How pages show images from other hosts (the security group's switch, as Answer serves it here too). */
  site_legal: Type.Optional(Type.Object({ external_content_display: Type.String() })),
  /** The write settings (siteinfo/question, siteinfo/tag): the ask form reads them. */
  site_questions: Type.Optional(SiteQuestions),
  site_tags: Type.Optional(SiteTags),
  /** Upload limits and the allowed image and attachment extensions (siteinfo/advanced): the editor reads them. */
  site_advanced: Type.Optional(SiteAdvanced),
  version: Type.String(),
  revision: Type.String(),
  /** Our extension: the site is in maintenance mode (every page shows the maintenance screen). */
  maintenance: Type.Optional(Type.Boolean()),
  /**
   * Our extension: `false` while the site is not installed (the server runs the installer; every page
   * redirects to /install and other APIs answer 503 base.not_installed). Absent once installed.
   */
  installed: Type.Optional(Type.Boolean()),
});
export type SiteInfo = Static<typeof SiteInfo>;
export type SiteTheme = Static<typeof SiteTheme>;
