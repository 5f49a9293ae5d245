import type { FastifyRequest } from 'fastify';
import { pathOf } from '../lib/canonical-path';

/** The public API (docs/wire-contract.md). */
export const API_PREFIX = '/answer/api/v1';
/** The admin API (docs/wire-contract.md). */
export const ADMIN_API_PREFIX = '/answer/admin/api';
/** The installer API (docs/wire-contract.md), answered in install mode. */
export const INSTALL_API_PREFIX = '/installation';
/** Files members uploaded. */
export const UPLOADS_PREFIX = '/uploads/';
/** Plugin remotes, each under /plugins/<slug>/. */
export const PLUGINS_PREFIX = '/plugins/';
/** The one public route that still answers in install mode and during maintenance. */
export const SITEINFO_ROUTE = `${API_PREFIX}/siteinfo`;

/**
 * What part of the site a route belongs to, read from its registered pattern (never from a request's
 * URL): the hooks that guard the API, uploads and plugin files decide on it.
 */
export type Surface = 'api' | 'admin-api' | 'install-api' | 'uploads' | 'plugin-files' | 'site';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route when it registers (routing plugin), from its pattern. */
    surface?: Surface;
  }
}

const startsWithSegment = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The surface of a route pattern (`/answer/admin/api/users/page`, `/uploads/*`). */
export function surfaceOf(pattern: string): Surface {
  if (startsWithSegment(pattern, API_PREFIX)) return 'api';
  if (startsWithSegment(pattern, ADMIN_API_PREFIX)) return 'admin-api';
  if (startsWithSegment(pattern, INSTALL_API_PREFIX)) return 'install-api';
  if (pattern.startsWith(UPLOADS_PREFIX)) return 'uploads';
  if (pattern.startsWith(PLUGINS_PREFIX)) return 'plugin-files';
  return 'site';
}

/**
 * The surface of the route that answers a request. A request that only the site's catch-all (`/*`, the
 * shell's files and the SPA fallback) or no route matched takes that of its path: the routing plugin
 * has refused every path that is not canonical by then, and what applies to such a miss can only
 * refuse it (maintenance, install mode, no-store), never open anything.
 */
export function surfaceOfRequest(request: FastifyRequest): Surface {
  const declared = request.routeOptions.config.surface;
  return declared && declared !== 'site' ? declared : surfaceOf(pathOf(request.url));
}

/** Whether the route answering a request is on the public or the admin JSON API. */
export function isApiRoute(request: FastifyRequest): boolean {
  const surface = surfaceOfRequest(request);
  return surface === 'api' || surface === 'admin-api';
}
