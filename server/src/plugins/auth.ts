import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import type { SettingsStore } from '../modules/settings/store';
import type { Session, SessionStore } from '../modules/session/store';
import { ADMIN_API_PREFIX, isApiPath } from './prefixes';

/**
 * Auth levels of answer-api.md §1.3: `none` ignores the token's absence, `pub` needs a login only
 * on a private site, `login` needs a valid token, `active` also a verified, unsuspended account,
 * `admin` an administrator.
 */
export type AuthLevel = 'none' | 'pub' | 'login' | 'active' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** The raw login token the request carried, if any. */
    authToken: string | null;
    /** The session behind the token, or null (no token, unknown or ended token). */
    session: Session | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    settings: SettingsStore;
  }
}

/** Authorization header (a `Bearer ` prefix is dropped), else the `Authorization` query parameter. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const query = (request.query as Record<string, unknown> | undefined)?.Authorization;
  const raw = typeof header === 'string' && header ? header : typeof query === 'string' ? query : '';
  const token = raw.replace(/^Bearer\s+/i, '').trim();
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

  // Deny by default on the admin API: a route there that does not ask for `admin` is a bug.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(ADMIN_API_PREFIX) && route.config?.auth !== 'admin') {
      throw new Error(`${route.method} ${route.url} is on the admin API but does not declare config.auth = 'admin'`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    request.authToken = readToken(request);
    request.session = request.authToken ? await app.sessions.find(request.authToken) : null;
    await requireLevel(app, request.routeOptions.config.auth ?? 'none', request.session);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['errors'] });

/** The session of a route that declared `login` or stronger (the hook has already refused anonymous requests). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw ApiFailure.unauthorized();
  return request.session;
}
