import accountsEnUS from './accounts.en_US.json' with { type: 'json' };
import adminContentEnUS from './admin-content.en_US.json' with { type: 'json' };
import adminContentZhCN from './admin-content.zh_CN.json' with { type: 'json' };
import adminUsersEnUS from './admin-users.en_US.json' with { type: 'json' };
import adminUsersZhCN from './admin-users.zh_CN.json' with { type: 'json' };
import accountsZhCN from './accounts.zh_CN.json' with { type: 'json' };
import badgeEnUS from './badge.en_US.json' with { type: 'json' };
import badgeZhCN from './badge.zh_CN.json' with { type: 'json' };
import crawlEnUS from './crawl.en_US.json' with { type: 'json' };
import crawlZhCN from './crawl.zh_CN.json' with { type: 'json' };
import pagesEnUS from './pages.en_US.json' with { type: 'json' };
import pagesZhCN from './pages.zh_CN.json' with { type: 'json' };
import captchaEnUS from './captcha.en_US.json' with { type: 'json' };
import captchaZhCN from './captcha.zh_CN.json' with { type: 'json' };
import commentsEnUS from './comments.en_US.json' with { type: 'json' };
import commentsZhCN from './comments.zh_CN.json' with { type: 'json' };
import editsEnUS from './edits.en_US.json' with { type: 'json' };
import editsZhCN from './edits.zh_CN.json' with { type: 'json' };
import enUS from './en_US.json' with { type: 'json' };
import mailEnUS from './mail.en_US.json' with { type: 'json' };
import mailNotifyEnUS from './mail-notify.en_US.json' with { type: 'json' };
import mailNotifyZhCN from './mail-notify.zh_CN.json' with { type: 'json' };
import mailZhCN from './mail.zh_CN.json' with { type: 'json' };
import notificationsEnUS from './notifications.en_US.json' with { type: 'json' };
import notificationsZhCN from './notifications.zh_CN.json' with { type: 'json' };
import postsEnUS from './posts.en_US.json' with { type: 'json' };
import postsZhCN from './posts.zh_CN.json' with { type: 'json' };
import queueEnUS from './queue.en_US.json' with { type: 'json' };
import queueZhCN from './queue.zh_CN.json' with { type: 'json' };
import profileEnUS from './profile.en_US.json' with { type: 'json' };
import profileZhCN from './profile.zh_CN.json' with { type: 'json' };
import operationsEnUS from './operations.en_US.json' with { type: 'json' };
import operationsZhCN from './operations.zh_CN.json' with { type: 'json' };
import writeEnUS from './write.en_US.json' with { type: 'json' };
import writeZhCN from './write.zh_CN.json' with { type: 'json' };
import votesEnUS from './votes.en_US.json' with { type: 'json' };
import votesZhCN from './votes.zh_CN.json' with { type: 'json' };
import reportsEnUS from './reports.en_US.json' with { type: 'json' };
import reportsZhCN from './reports.zh_CN.json' with { type: 'json' };
import tagsEnUS from './tags.en_US.json' with { type: 'json' };
import tagsZhCN from './tags.zh_CN.json' with { type: 'json' };
import settingsEnUS from './settings.en_US.json' with { type: 'json' };
import settingsZhCN from './settings.zh_CN.json' with { type: 'json' };
import searchEnUS from './search.en_US.json' with { type: 'json' };
import searchZhCN from './search.zh_CN.json' with { type: 'json' };
import timelineEnUS from './timeline.en_US.json' with { type: 'json' };
import timelineZhCN from './timeline.zh_CN.json' with { type: 'json' };
import zhCN from './zh_CN.json' with { type: 'json' };

/** Languages the server can answer in, as Answer names them (docs/wire-contract.md). */
export const LANGUAGES = [
  { value: 'en_US', label: 'English' },
  { value: 'zh_CN', label: '简体中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: Language = 'en_US';

type Catalog = { [key: string]: string | Catalog };

/** Nested catalogs merged key by key (an area's file adds keys under the same top-level groups). */
function mergeCatalogs(...catalogs: Catalog[]): Catalog {
  const out: Catalog = {};
  for (const catalog of catalogs) {
    for (const [key, value] of Object.entries(catalog)) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeCatalogs(existing, value) : value;
    }
  }
  return out;
}

// One catalog per language, kept in a file per area (base, accounts, mail, captcha, profile).
const CATALOGS: Record<Language, Catalog> = {
  en_US: mergeCatalogs(
    enUS,
    accountsEnUS,
    mailEnUS,
    mailNotifyEnUS,
    captchaEnUS,
    commentsEnUS,
    profileEnUS,
    postsEnUS,
    votesEnUS,
    operationsEnUS,
    writeEnUS,
    reportsEnUS,
    tagsEnUS,
    searchEnUS,
    queueEnUS,
    timelineEnUS,
    editsEnUS,
    settingsEnUS,
    adminContentEnUS,
    adminUsersEnUS,
    notificationsEnUS,
    badgeEnUS,
    crawlEnUS,
    pagesEnUS,
  ),
  zh_CN: mergeCatalogs(
    zhCN,
    accountsZhCN,
    mailZhCN,
    mailNotifyZhCN,
    captchaZhCN,
    commentsZhCN,
    profileZhCN,
    postsZhCN,
    votesZhCN,
    operationsZhCN,
    writeZhCN,
    reportsZhCN,
    tagsZhCN,
    searchZhCN,
    queueZhCN,
    timelineZhCN,
    editsZhCN,
    settingsZhCN,
    adminContentZhCN,
    adminUsersZhCN,
    notificationsZhCN,
    badgeZhCN,
    crawlZhCN,
    pagesZhCN,
  ),
};
/** The whole merged catalog of a language (language/config serves it). */
export function catalogOf(lang: Language): Catalog {
  return CATALOGS[lang];
}

const BY_LOWER = new Map<string, Language>(LANGUAGES.map((l) => [l.value.toLowerCase(), l.value]));

/** Answer reads at most 256 characters of the header. */
const MAX_HEADER = 256;

export function isLanguage(value: string): value is Language {
  return BY_LOWER.get(value.toLowerCase()) === value;
}

/**
 * Accept-Language -> language (docs/wire-contract.md): the first tag only, `-` becomes `_`, and it must
 * name a known language; anything else is en_US. Case is forgiven (`zh-cn` is zh_CN).
 */
export function resolveLanguage(header: string | string[] | undefined): Language {
  const raw = (Array.isArray(header) ? header[0] : header)?.slice(0, MAX_HEADER) ?? '';
  const first = raw.split(',')[0]?.split(';')[0]?.trim().replace(/-/g, '_') ?? '';
  return BY_LOWER.get(first.toLowerCase()) ?? DEFAULT_LANGUAGE;
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type TranslateParams = Record<string, string | number>;

/** Whether a reason key has an en_US text (every key we emit must). */
export function hasTranslation(key: string): boolean {
  return lookup(CATALOGS.en_US, key) !== undefined;
}

/**
 * The text of an i18n key in `lang`, falling back to en_US and then to the key itself, with
 * `{name}` placeholders filled from `params`.
 */
export function translate(key: string, lang: Language = DEFAULT_LANGUAGE, params?: TranslateParams): string {
  const text = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS.en_US, key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
