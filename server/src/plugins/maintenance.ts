import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import { API_PREFIX, isApiPath } from './prefixes';

/** What still answers during maintenance: the shell needs siteinfo to show the maintenance screen. */
const OPEN_DURING_MAINTENANCE = new Set([`${API_PREFIX}/siteinfo`]);

/**
 * Maintenance mode: every public and admin API answers 503 `base.maintenance`, except siteinfo
 * (which reports `maintenance: true`). Pages, static files, /remotes.json and /healthz still answer.
 */
async function maintenance(app: FastifyInstance, { enabled }: { enabled: () => boolean }) {
  app.addHook('onRequest', async (request) => {
    if (!enabled() || !isApiPath(request.url)) return;
    const path = request.url.split('?')[0] ?? '';
    if (OPEN_DURING_MAINTENANCE.has(path.replace(/\/+$/, ''))) return;
    throw new ApiFailure(503, 'base.maintenance');
  });
}

export default fp(maintenance, { name: 'maintenance', dependencies: ['errors'] });
