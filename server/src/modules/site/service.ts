import type { LegalInfo, LegalQuery, SiteInfo } from '@agora/shared-api/contract';
import type { SettingsStore } from '../settings/store';

export interface BuildInfo {
  version: string;
  revision: string;
}

/** GET siteinfo: the public view of every settings group (docs/wire-contract.md). */
export async function siteInfo(
  settings: SettingsStore,
  build: BuildInfo,
  maintenance: boolean,
  installed = true,
): Promise<SiteInfo> {
  const [general, iface, branding, login, theme, customCssHtml, seo, users, security, questions, tags, advanced] =
    await Promise.all([
      settings.get('general'),
      settings.get('interface'),
      settings.get('branding'),
      settings.get('login'),
      settings.get('theme'),
      settings.get('custom_css_html'),
      settings.get('seo'),
      settings.get('users'),
      settings.get('security'),
      settings.get('question'),
      settings.get('tag'),
      settings.get('advanced'),
    ]);
  return {
    general,
    interface: { ...iface, default_avatar: iface.default_avatar ?? users.default_avatar },
    branding,
    login,
    theme,
    custom_css_html: customCssHtml,
    site_seo: seo,
    site_users: users,
    site_security: security,
    users_settings: {
      default_avatar: users.default_avatar === 'gravatar' ? 'gravatar' : 'system',
      gravatar_base_url: users.gravatar_base_url,
    },
    site_legal: { external_content_display: security.external_content_display },
    site_questions: questions,
    site_tags: tags,
    site_advanced: advanced,
    version: build.version,
    revision: build.revision,
    maintenance,
    // Only a site that is not installed says so; an installed one leaves the field out.
    ...(installed ? {} : { installed: false }),
  };
}

/** GET siteinfo/legal: the terms of service or the privacy policy, original and HTML. */
export async function legalInfo(settings: SettingsStore, type: LegalQuery['info_type']): Promise<LegalInfo> {
  const legal = await settings.get('legal');
  if (type === 'tos') {
    return {
      terms_of_service_original_text: legal.terms_of_service_original_text,
      terms_of_service_parsed_text: legal.terms_of_service_parsed_text,
    };
  }
  return {
    privacy_policy_original_text: legal.privacy_policy_original_text,
    privacy_policy_parsed_text: legal.privacy_policy_parsed_text,
  };
}

/** robots.txt: the SEO setting and the sitemap's address, or "keep out" on a private (login-required) site. */
export async function robotsTxt(settings: SettingsStore): Promise<string> {
  if ((await settings.get('login')).login_required) return 'User-agent: *\nDisallow: /\n';
  const [{ robots }, { site_url }] = await Promise.all([settings.get('seo'), settings.get('general')]);
  const text = robots.endsWith('\n') || robots === '' ? robots : `${robots}\n`;
  // Crawlers find the sitemap index here unless the administrator's text names one already.
  if (/^sitemap:/im.test(text) || !site_url) return text;
  return `${text}Sitemap: ${site_url.replace(/\/+$/, '')}/sitemap.xml\n`;
}
