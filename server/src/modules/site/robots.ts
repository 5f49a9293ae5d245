import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { robotsTxt } from './service';

/** GET /robots.txt from the SEO setting. */
export const robotsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/robots.txt', { schema: { response: { 200: Type.String() } } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache');
    return robotsTxt(app.settings);
  });
};
