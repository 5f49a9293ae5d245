import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import { isApiRoute, SITEINFO_ROUTE } from './prefixes';

/**
 * Maintenance mode: every route of the public and admin APIs answers 503 `base.maintenance`, except siteinfo
 * (which reports `maintenance: true`). Pages, static files, /remotes.json and /healthz still answer.
 */
async function maintenance(app: FastifyInstance, { enabled }: { enabled: () => boolean }) {
  app.addHook('onRequest', async (request) => {
    if (!enabled() || !isApiRoute(request)) return;
    // The shell needs siteinfo to show the maintenance screen.
    if (request.routeOptions.url === SITEINFO_ROUTE) return;
    throw new ApiFailure(503, 'base.maintenance');
  });
}

export default fp(maintenance, { name: 'maintenance', dependencies: ['errors', 'routing'] });
