import { documentTitle } from '@agora/shared-api/page-title';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n';
import { bcp47 } from '../../lib/shell-document';
import type { SettingsStore } from '../settings/store';

/** What every page's head takes from the settings. */
export interface PageSite {
  name: string;
  /** The site's address without a trailing slash. */
  siteUrl: string;
  permalink: number;
  language: Language;
  /** The same as a BCP 47 tag (`en-US`), for `lang` and `og:locale`. */
  lang: string;
  /** The site's short description, else its description: what lists say of themselves. */
  description: string;
  /** A page's document title as the browser writes it (`{title} - {site name}`). */
  title(pageTitle: string): string;
  /** A login-required site: anonymous readers get the bare shell. */
  loginRequired: boolean;
}

export async function pageSite(settings: Pick<SettingsStore, 'get'>, origin: string): Promise<PageSite> {
  const [general, iface, seo, login] = await Promise.all([
    settings.get('general'),
    settings.get('interface'),
    settings.get('seo'),
    settings.get('login'),
  ]);
  const language = isLanguage(iface.language) ? iface.language : DEFAULT_LANGUAGE;
  return {
    name: general.name,
    siteUrl: (general.site_url || origin).replace(/\/+$/, ''),
    permalink: seo.permalink,
    language,
    lang: bcp47(language),
    description: general.short_description || general.description || general.name,
    title: (pageTitle) => documentTitle(pageTitle, general.name),
    loginRequired: login.login_required,
  };
}
