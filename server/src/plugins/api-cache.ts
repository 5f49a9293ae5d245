import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute } from './prefixes';

/**
 * API answers (routes of the public and admin APIs; a miss is refused with no-store anyway) are not cached by browsers or proxies unless a route says otherwise: many depend on
 * the session or the language, and a stale 401 or error must never be replayed.
 */
async function apiCache(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRoute(request) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

export default fp(apiCache, { name: 'api-cache', dependencies: ['routing'] });
