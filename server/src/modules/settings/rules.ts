import type { FieldFailure } from '../../lib/api-failure';
import { isEmail } from '../../lib/email';
import { singleLineFailure } from '../../lib/single-line';

/**
 * The checks the admin settings routes share. Each adds field failures (reason keys of the
 * `validation.*` and `error.settings.*` families) to a list; a route refuses the whole PUT when the
 * list is not empty, so nothing is saved.
 */
export class FieldChecks {
  readonly failures: FieldFailure[] = [];

  fail(field: string, reason: string, params?: FieldFailure['params']): void {
    if (!this.failures.some((f) => f.field === field))
      this.failures.push({ field, reason, ...(params ? { params } : {}) });
  }

  /**
   * A one-line value: no line break, tab or other control character (`validation.single_line`).
   * Call it before the field's other checks: the first failure of a field is the one reported.
   */
  singleLine(field: string, value: string): void {
    const failure = singleLineFailure(field, value);
    if (failure) this.fail(failure.field, failure.reason);
  }

  /** A text of `min`..`max` characters (code points); `min` 1 means required. */
  length(field: string, value: string, max: number, min = 0): void {
    const n = [...value].length;
    if (min > 0 && n === 0) this.fail(field, 'validation.required');
    else if (n < min) this.fail(field, 'validation.min_length', { limit: min });
    else if (n > max) this.fail(field, 'validation.max_length', { limit: max });
  }

  /** One of the listed values. */
  oneOf(field: string, value: unknown, values: readonly unknown[]): void {
    if (!values.includes(value)) this.fail(field, 'validation.one_of', { values: values.join(', ') });
  }

  email(field: string, value: string, required: boolean): void {
    if (!value) {
      if (required) this.fail(field, 'validation.required');
    } else if (!isEmail(value)) this.fail(field, 'validation.format_email');
  }

  /** An http(s) URL of at most `max` characters (empty passes unless required). */
  httpUrl(field: string, value: string, { required = false, max = 512 } = {}): void {
    if (!value) {
      if (required) this.fail(field, 'validation.required');
    } else if ([...value].length > max) this.fail(field, 'validation.max_length', { limit: max });
    else if (!isHttpUrl(value)) this.fail(field, 'validation.format_url');
  }
}

/** Whether a value is an absolute http or https URL with a host and no credentials. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A site URL as stored: `scheme://host[:port][/path]`, no query, fragment or trailing slash. */
export function normaliseSiteUrl(value: string): string {
  const url = new URL(value.trim());
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** A path of this site's uploads (`/uploads/...`): what the upload route answers, relative to the site. */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9._~\-/]*$/.test(value) && !value.split('/').includes('..');
}

/** Whether the runtime knows an IANA time zone (UTC included). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A host name with at least two labels (`example.com`), compared lower-cased. */
export function isDomain(value: string): boolean {
  return DOMAIN.test(value);
}

/** A `#RRGGBB` colour. */
export function isHexColor(value: string): boolean {
  return /^#[0-9A-Fa-f]{6}$/.test(value);
}

/** Trimmed, empty entries dropped, duplicates removed (first kept), in order. */
export function cleanList(values: readonly string[], map: (v: string) => string = (v) => v): string[] {
  return [...new Set(values.map((v) => map(v.trim())).filter((v) => v !== ''))];
}
