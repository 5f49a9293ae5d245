import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import { pathOf } from '../lib/canonical-path';
import { isApiRoute, SITEINFO_ROUTE } from './prefixes';

/** The page of the installer wizard. */
export const INSTALL_PAGE = '/install';

/** Whether a path is the installer page (or below it), which install mode serves as the shell. */
export function isInstallPage(pathname: string): boolean {
  return pathname === INSTALL_PAGE || pathname.startsWith(`${INSTALL_PAGE}/`);
}

/**
 * Install mode (the site is not installed): every route of the public and admin APIs answers 503
 * `base.not_installed` except siteinfo (which says `installed: false`; the shell needs it to know it
 * must install), and `/` redirects to /install. The installed site's API routes are not registered, so
 * most API paths match no route: they get the same 503 through their path's surface. Other pages are
 * redirected by the SPA fallback. Static files, /remotes.json, /healthz and /installation/*
 * answer as usual.
 */
async function installMode(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiRoute(request)) {
      if (request.routeOptions.url === SITEINFO_ROUTE) return;
      throw new ApiFailure(503, 'base.not_installed');
    }
    // The routing plugin has refused every other spelling of `/` by now.
    if (pathOf(request.url) === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(302).header('Location', INSTALL_PAGE).header('Cache-Control', 'no-store').send();
    }
  });
}

export default fp(installMode, { name: 'install-mode', dependencies: ['errors', 'routing'] });
