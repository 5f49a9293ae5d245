import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureSite } from '../../lib/site-address';

/**
 * The browser keeps its login in an HttpOnly cookie, never in script-readable storage.
 * On an HTTPS site (lib/site-address.ts: the live site URL, the config file's or a TLS connection) the
 * cookie carries the `__Host-` prefix (Secure, Path=/, no Domain): no subdomain or plain-HTTP page can
 * set or overwrite it. Such a site reads that cookie only; a plain `agora_session` there may have been
 * planted by a sibling subdomain or a man in the middle on plain HTTP (login CSRF), so it is ignored.
 * An http:// site reads the plain cookie only. Members logged in when an admin moves the site to
 * https:// therefore log in again once. The Authorization header still works for API clients (the
 * contract's token), and wins when both are present.
 */
export const SESSION_COOKIE = 'agora_session';
export const SECURE_SESSION_COOKIE = '__Host-agora_session';

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function serialize(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, maxAgeSeconds)}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

/** The request's cookies named `name` (a browser may send one name twice, for different paths). */
function cookieValues(request: FastifyRequest, name: string): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    values.push(pair.slice(index + 1).trim());
  }
  return values;
}

/** Sets the session cookie for a freshly minted token (login, sign-up, e-mail confirmation). */
export async function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAtMs: number,
  now = Date.now(),
): Promise<void> {
  const secure = await isSecureSite(request);
  appendSetCookie(reply, serialize(sessionCookieName(secure), token, Math.floor((expiresAtMs - now) / 1000), secure));
  // A plain cookie left from the site's http:// days (or planted) is of no use any more: drop it.
  if (secure && cookieValues(request, SESSION_COOKIE).length > 0)
    appendSetCookie(reply, serialize(SESSION_COOKIE, '', 0, false));
}

/** Forgets the session cookie (logout), and the cookie of the other scheme when the browser sent it. */
export async function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const secure = await isSecureSite(request);
  appendSetCookie(reply, serialize(sessionCookieName(secure), '', 0, secure));
  const other = sessionCookieName(!secure);
  // Clearing a __Host- cookie needs Secure too (browsers ignore that over plain HTTP, harmlessly).
  if (cookieValues(request, other).length > 0) appendSetCookie(reply, serialize(other, '', 0, !secure));
}

/** The token in the request's session cookie: `__Host-agora_session` on an HTTPS site, else `agora_session`. */
export async function readSessionCookie(request: FastifyRequest): Promise<string | null> {
  if (!request.headers.cookie) return null;
  const name = sessionCookieName(await isSecureSite(request));
  return cookieValues(request, name).find((value) => value !== '') ?? null;
}
