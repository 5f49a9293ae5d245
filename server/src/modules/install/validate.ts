import { LANGUAGES } from '../../i18n';
import { isEmail } from '../../lib/email';
import { isSingleLine, SINGLE_LINE_REASON } from '../../lib/single-line';
import type { InstallFieldError } from './errors';

/** Password length accepted at install: 8-32, as at registration. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** Admin name: 2-30 of a-z, 0-9, space, period, hyphen, underscore. */
export const NAME_PATTERN = /^[A-Za-z0-9 ._-]{2,30}$/;
export const SITE_NAME_MAX = 30;

export { isEmail };

/** An http(s) URL with a host; returned without a trailing slash, or null. */
export function normalizeSiteUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    if (url.search || url.hash || url.username || url.password) return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** The username the admin name becomes (as registration derives one): spaces -> '-', lower case. */
export function usernameFromName(name: string): string {
  return name.trim().replace(/\s+/g, '-').toLowerCase();
}

/** Site information and the first admin, as the installer's base-info step takes them. */
export interface BaseInfoInput {
  /** Interface language of the site (a language value, e.g. en_US). */
  lang: string;
  site_name: string;
  site_url: string;
  contact_email: string;
  /** The admin's name (display name; the username is derived from it). */
  name: string;
  password: string;
  email: string;
  login_required?: boolean;
  external_content_display?: 'always_display' | 'ask_before_display';
}

/** The base-info fields that are one line of text (the password is taken as typed). */
const ONE_LINE_FIELDS = ['site_name', 'site_url', 'contact_email', 'name', 'email'] as const;

/**
 * Every problem with the base info, one per field, keyed by Answer's base-info field names (the
 * env and CLI layers rename them). `message` is English, for operators; `reason` and `params` are
 * the i18n key the browser installer translates.
 */
export function validateBaseInfo(input: BaseInfoInput): InstallFieldError[] {
  const errors: InstallFieldError[] = [];
  // The first problem of a field is the one reported.
  const add = (field: string, message: string, reason: string, params?: Record<string, string | number>) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message, reason, ...(params ? { params } : {}) });
  };
  const required = (field: string) => add(field, 'is required', 'validation.required');
  const languages = LANGUAGES.map((l) => l.value) as string[];
  if (!languages.includes(input.lang)) {
    add('lang', `must be one of ${languages.join(', ')} (got "${input.lang}")`, 'error.install.lang_invalid', {
      values: languages.join(', '),
    });
  }
  for (const field of ONE_LINE_FIELDS) {
    if (!isSingleLine(input[field].trim()))
      add(field, 'must be a single line (no line breaks, tabs or other control characters)', SINGLE_LINE_REASON);
  }
  const siteName = input.site_name.trim();
  if (!siteName) required('site_name');
  else if ([...siteName].length > SITE_NAME_MAX) {
    add('site_name', `must be at most ${SITE_NAME_MAX} characters`, 'validation.max_length', { limit: SITE_NAME_MAX });
  }
  if (!input.site_url.trim()) required('site_url');
  else if (!normalizeSiteUrl(input.site_url)) {
    add(
      'site_url',
      `must be an http(s) URL such as https://example.com (got "${input.site_url}")`,
      'error.install.site_url_invalid',
    );
  }
  if (!input.contact_email.trim()) required('contact_email');
  else if (!isEmail(input.contact_email.trim())) {
    add('contact_email', `must be an e-mail address (got "${input.contact_email}")`, 'validation.format_email');
  }
  if (!input.name.trim()) required('name');
  else if (!NAME_PATTERN.test(input.name.trim())) {
    add(
      'name',
      'must be 2 to 30 characters: letters a-z, digits, space, period, hyphen or underscore',
      'error.install.admin_name_invalid',
    );
  }
  const passwordLength = [...input.password].length;
  if (!input.password) required('password');
  else if (passwordLength < PASSWORD_MIN || passwordLength > PASSWORD_MAX) {
    add(
      'password',
      `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters (got ${passwordLength})`,
      'error.install.password_length',
      { min: PASSWORD_MIN, max: PASSWORD_MAX },
    );
  }
  if (!input.email.trim()) required('email');
  else if (!isEmail(input.email.trim())) {
    add('email', `must be an e-mail address (got "${input.email}")`, 'validation.format_email');
  }
  return errors;
}
