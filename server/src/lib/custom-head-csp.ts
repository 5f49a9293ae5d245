import { createHash } from 'node:crypto';

/** What the administrator's head HTML needs from the Content-Security-Policy to run its scripts. */
export interface CustomHeadSources {
  /** `'sha256-…'` of each inline script, and the origin of each external one. */
  scripts: string[];
  /** The origins of the external scripts (analytics report to the origin they load from). */
  connect: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /(?:^|\s)src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The http(s) origin of an absolute or scheme-relative script address; null for a same-site or other one. */
function originOf(src: string): string | null {
  const value = src.trim();
  if (!/^(https?:)?\/\//i.test(value)) return null;
  try {
    const url = new URL(value.startsWith('//') ? `https:${value}` : value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Reads the scripts of the custom head HTML (the one custom area whose scripts run: the shell copies
 * them into the page). An inline script is allowed by the SHA-256 of its text, exactly as written; an
 * external one by the origin of its address. Nothing else is allowed: another inline script has
 * another hash, and no 'unsafe-inline' is ever added.
 */
export function customHeadSources(html: string): CustomHeadSources {
  const scripts = new Set<string>();
  const connect = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    const src = SRC.exec(attributes);
    if (src) {
      const origin = originOf(src[1] ?? src[2] ?? src[3] ?? '');
      if (origin) {
        scripts.add(origin);
        connect.add(origin);
      }
      continue;
    }
    if (body.trim() === '') continue;
    scripts.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return { scripts: [...scripts], connect: [...connect] };
}
