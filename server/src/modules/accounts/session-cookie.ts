import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser keeps its login in an HttpOnly cookie, never in script-readable storage.
 * Over HTTPS the cookie carries the `__Host-` prefix (Secure, Path=/, no Domain): no subdomain or
 * plain-HTTP page can set or overwrite it. The Authorization header still works for API clients (the
 * contract's token), and wins when both are present.
 */
export const SESSION_COOKIE = 'agora_session';
export const SECURE_SESSION_COOKIE = '__Host-agora_session';

/** Whether the request reached us over HTTPS (the site URL says so, or the connection itself). */
export function isSecureRequest(request: FastifyRequest, siteUrl?: string): boolean {
  if (siteUrl?.startsWith('https://')) return true;
  return request.protocol === 'https';
}

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

/** Sets the session cookie for a freshly minted token (login, sign-up, e-mail confirmation). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAtMs: number,
  now = Date.now(),
): void {
  const secure = isSecureRequest(request, request.server.siteUrlForCookies);
  appendSetCookie(reply, serialize(sessionCookieName(secure), token, Math.floor((expiresAtMs - now) / 1000), secure));
}

/** Forgets the session cookie (logout, a revoked session). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecureRequest(request, request.server.siteUrlForCookies);
  appendSetCookie(reply, serialize(sessionCookieName(secure), '', 0, secure));
}

/** The token in the request's session cookie, if any (either name: a site may move to HTTPS). */
export function readSessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    const name = pair.slice(0, index).trim();
    if (name === SECURE_SESSION_COOKIE || name === SESSION_COOKIE) {
      const value = pair.slice(index + 1).trim();
      if (value) found = value;
      if (name === SECURE_SESSION_COOKIE && value) return value;
    }
  }
  return found;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site URL the cookie's Secure flag follows (set by the app from its config). */
    siteUrlForCookies?: string;
  }
}
