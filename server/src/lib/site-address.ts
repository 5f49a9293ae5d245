import type { FastifyRequest } from 'fastify';

/**
 * Where the site says it lives, as one request sees it. The server usually speaks plain HTTP behind
 * a TLS proxy, so "is this site HTTPS?" cannot come from the socket alone: the live general.site_url
 * (what the installer and the admin area save) decides, with the config file's `siteUrl` and a TLS
 * connection as further reasons to say yes. Any of the three being HTTPS makes the site secure: a
 * stale http:// value in one place never weakens a site another place declares HTTPS.
 */
export interface SiteAddress {
  /** Session cookie Secure and `__Host-` prefixed, HSTS sent. */
  secure: boolean;
  /** Origins (scheme://host[:port]) the site is served at: the live site_url's, and the config file's. */
  origins: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The config file's `siteUrl`, when the file names one (ServerConfig.fileSiteUrl). */
    configSiteUrl?: string;
  }
}

/** scheme://host[:port] of an http(s) URL, or null (empty, unparsable, another scheme). */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

export const isHttpsUrl = (url: string | undefined): boolean => originOf(url)?.startsWith('https://') ?? false;

const seen = new WeakMap<FastifyRequest, Promise<SiteAddress>>();

/**
 * The site's address for this request, read once per request (HSTS, the cookie the auth hook reads and
 * the cookie a login sets agree). The settings store caches general and drops the cache when any
 * process saves it, so a new site_url counts from the next request on, without a restart.
 */
export function siteAddress(request: FastifyRequest): Promise<SiteAddress> {
  let found = seen.get(request);
  if (!found) {
    found = resolve(request);
    seen.set(request, found);
  }
  return found;
}

async function resolve(request: FastifyRequest): Promise<SiteAddress> {
  const app = request.server;
  const live = (await app.settings.get('general')).site_url;
  const origins = [originOf(live), originOf(app.configSiteUrl)].filter((o): o is string => o !== null);
  const secure = request.protocol === 'https' || isHttpsUrl(live) || isHttpsUrl(app.configSiteUrl);
  return { secure, origins: [...new Set(origins)] };
}

/** Whether the site is served over HTTPS (see siteAddress). */
export async function isSecureSite(request: FastifyRequest): Promise<boolean> {
  return (await siteAddress(request)).secure;
}
