// The field rules every form checks before it sends (sign-up, install, admin): the server checks them
// again and its field errors win. Lengths count characters (code points), as the server does.

export const EMAIL_MAX = 500;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** Length in characters (code points), as the server counts. */
export const lengthOf = (value: string) => [...value].length;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail address (trimmed): one @, a dotted domain, no spaces, at most EMAIL_MAX characters. */
export const isEmail = (value: string) => EMAIL.test(value.trim()) && lengthOf(value.trim()) <= EMAIL_MAX;

/** A password of PASSWORD_MIN to PASSWORD_MAX characters, taken as typed. */
export const isPasswordLength = (value: string) => lengthOf(value) >= PASSWORD_MIN && lengthOf(value) <= PASSWORD_MAX;

/** An absolute http(s) address with a host and no spaces. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/\s/.test(value.trim());
  } catch {
    return false;
  }
}

/**
 * Line breaks (CR, LF, the Unicode line and paragraph separators), tabs and every other control
 * character (C0, DEL, C1): none belongs in a one-line setting or name, and in a mail header (a site
 * name in a subject, a sender name) a line break would start a header of its own.
 */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** A one-line text: no line break, tab or other control character. */
export const isSingleLine = (value: string) => !LINE_BREAK_OR_CONTROL.test(value);
