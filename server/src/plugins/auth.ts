import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import type { SettingsStore } from '../modules/settings/store';
import { siteAddress } from '../lib/site-address';
import { suspendedFailure } from '../modules/accounts/route-support';
import { clearSessionCookie, readSessionCookie } from '../modules/accounts/session-cookie';
import type { Session, SessionStore } from '../modules/session/store';
import { surfaceOf } from './prefixes';

/**
 * Auth levels (docs/wire-contract.md): `none` ignores the token's absence, `pub` needs a login only
 * on a private site, `login` needs a valid token, `active` also a verified, unsuspended account,
 * `admin` an administrator.
 */
export type AuthLevel = 'none' | 'pub' | 'login' | 'active' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** A state change reached by GET (the contract's `user/logout`): it needs the same CSRF proof as a write. */
    stateChange?: boolean;
    /**
     * Tells a member whose session a suspension ended (403 `suspended` with its end) even at a level that
     * needs no login (`user/info`, which the app asks first); elsewhere such a request is a visitor's.
     */
    reportsSuspension?: boolean;
  }
  interface FastifyRequest {
    /** The raw login token the request carried, if any. */
    authToken: string | null;
    /** The session behind the token, or null (no token, unknown or ended token). */
    session: Session | null;
    /** True when the token came from the session cookie (not the Authorization header). */
    authByCookie: boolean;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    settings: SettingsStore;
  }
}

/** The header the app sends with every request; a cross-site form, image or script cannot (CSRF). */
export const APP_REQUEST_HEADER = 'x-agora-request';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The token of a request: the Authorization header (a `Bearer ` prefix is dropped), else the session
 * cookie. Never a query parameter (Answer also reads `?Authorization=`): a token in a URL ends up in
 * logs, browser history and Referer headers.
 */
export async function readToken(request: FastifyRequest): Promise<string | null> {
  return readHeaderToken(request) ?? (await readSessionCookie(request));
}

function readHeaderToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const token = (typeof header === 'string' ? header : '').replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

async function requireLevel(app: FastifyInstance, level: AuthLevel, session: Session | null): Promise<void> {
  if (level === 'none') return;
  if (level === 'pub') {
    if (!(await app.settings.get('login')).login_required) return;
    if (!session || session.status === 'deleted') throw ApiFailure.unauthorized();
    if (session.status === 'inactive') throw ApiFailure.forbidden('error.email.need_to_be_verified', 'inactive');
    return;
  }
  if (!session || session.status === 'deleted') throw ApiFailure.unauthorized();
  if (level === 'login') return;
  if (session.status === 'inactive') throw ApiFailure.forbidden('error.email.need_to_be_verified', 'inactive');
  if (session.status === 'suspended') throw ApiFailure.forbidden('error.user.suspended', 'suspended');
  if (level === 'admin' && session.roleId !== 2) throw ApiFailure.forbidden();
}

async function auth(app: FastifyInstance) {
  app.decorateRequest('authToken', null);
  app.decorateRequest('session', null);
  app.decorateRequest('authByCookie', false);

  // Deny by default: every API route says who may call it, and the admin API only ever administrators.
  // A route that does not is a bug the site refuses to start with.
  app.addHook('onRoute', (route) => {
    const surface = surfaceOf(route.url ?? route.path);
    const level = route.config?.auth;
    if ((surface === 'api' || surface === 'admin-api' || surface === 'install-api') && !level) {
      throw new Error(`${String(route.method)} ${route.url} is on an API but does not declare config.auth`);
    }
    if (surface === 'admin-api' && level !== 'admin') {
      throw new Error(
        `${String(route.method)} ${route.url} is on the admin API but does not declare config.auth = 'admin'`,
      );
    }
  });

  // The level comes from the route that answers (its declared config), never from the URL.
  app.addHook('onRequest', async (request, reply) => {
    const level = request.routeOptions.config.auth;
    if (!level) return;
    const headerToken = readHeaderToken(request);
    request.authToken = headerToken ?? (await readSessionCookie(request));
    request.authByCookie = !headerToken && !!request.authToken;
    request.session = request.authToken ? await app.sessions.find(request.authToken) : null;
    // A browser sends the cookie with any request to this site, a forged cross-site one included: writes
    // authenticated by it must come from the app itself (its header, and no foreign Origin).
    const changesState = UNSAFE_METHODS.has(request.method) || request.routeOptions.config.stateChange === true;
    if (request.session && request.authByCookie && changesState) {
      if (!request.headers[APP_REQUEST_HEADER] || !(await sameOrigin(request))) {
        request.session = null;
        throw ApiFailure.forbidden('base.csrf_failed');
      }
    }
    // A token whose session a suspension ended: where a login counts, the member learns why they are out
    // and until when (the session stays ended, and its cookie goes).
    const ended =
      !request.session && request.authToken ? await app.sessions.endedBySuspension?.(request.authToken) : null;
    const suspended = async () => {
      await clearSessionCookie(request, reply);
      return suspendedFailure(ended!);
    };
    if (ended && request.routeOptions.config.reportsSuspension) throw await suspended();
    try {
      await requireLevel(app, level, request.session);
    } catch (error) {
      if (ended && error instanceof ApiFailure && error.status === 401) throw await suspended();
      throw error;
    }
  });
}

/**
 * No Origin header (same-origin GET-like navigations), or the Origin of the site itself.
 *
 * The Origin, scheme and port included, must be the origin of the site URL (the live general.site_url,
 * or the config file's siteUrl): behind a proxy that rewrites Host (to 127.0.0.1:9080, say) the browser
 * still sends the public origin, so writes keep working, and an http:// page of an https:// site (a
 * man in the middle on plain HTTP) does not pass. Only a request whose Host is not the site URL's host
 * came to the server some other way (straight to its port: development, tests, a health probe, a site
 * URL not yet set right); there the Origin's host must be that Host, as a same-origin page sends it. A
 * foreign page never passes either way: its Origin names its own host, which a browser never sends as
 * this request's Host (a cookie of this site only goes with requests to this site's host).
 */
export async function sameOrigin(request: FastifyRequest): Promise<boolean> {
  const origin = request.headers.origin;
  if (!origin) return true;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  const { origins } = await siteAddress(request);
  if (origins.includes(sent.origin)) return true;
  const host = request.headers.host?.toLowerCase();
  if (!host) return false;
  const throughSiteUrl = origins.some((o) => hostOf(o, host) === new URL(o).host);
  return !throughSiteUrl && sent.host === host;
}

/** The Host header as a URL of `origin`'s scheme would spell it (a default port dropped), or null. */
function hostOf(origin: string, host: string): string | null {
  try {
    return new URL(`${new URL(origin).protocol}//${host}`).host;
  } catch {
    return null;
  }
}

export default fp(auth, { name: 'auth', dependencies: ['errors'] });

/** The session of a route that declared `login` or stronger (the hook has already refused anonymous requests). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw ApiFailure.unauthorized();
  return request.session;
}
