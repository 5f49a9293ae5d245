import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import { API_PREFIX, isApiPath } from './prefixes';

/** The page of the installer wizard. */
export const INSTALL_PAGE = '/install';

/** APIs that answer while the site is not installed: the shell needs siteinfo to know it must install. */
const OPEN_WHILE_NOT_INSTALLED = new Set([`${API_PREFIX}/siteinfo`]);

/** Whether a path is the installer page (or below it), which install mode serves as the shell. */
export function isInstallPage(pathname: string): boolean {
  return pathname === INSTALL_PAGE || pathname.startsWith(`${INSTALL_PAGE}/`);
}

/**
 * Install mode (the site is not installed): every public and admin API answers 503
 * `base.not_installed` except siteinfo (which says `installed: false`), and `/` redirects to
 * /install. Other pages are redirected by the SPA fallback (static-site `installMode`); static
 * files, /remotes.json, /healthz and /installation/* answer as usual.
 */
async function installMode(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(request.url)) {
      if (OPEN_WHILE_NOT_INSTALLED.has(pathname.replace(/\/+$/, ''))) return;
      throw new ApiFailure(503, 'base.not_installed');
    }
    if (pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(302).header('Location', INSTALL_PAGE).header('Cache-Control', 'no-store').send();
    }
  });
}

export default fp(installMode, { name: 'install-mode', dependencies: ['errors'] });
