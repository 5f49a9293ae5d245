import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** GET /healthz: plain `OK` while the process serves requests (docs/wire-contract.md). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { response: { 200: Type.String() } } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store');
    return 'OK';
  });
};
