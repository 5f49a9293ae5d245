import { RemoteList } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { remoteListEntries, type ServerConfig } from '../../config';

/**
 * GET /remotes.json: the shell's only source of remote locations, checked against the contract when
 * the config is loaded and serialized by the same schema. Never cached, so a change of location is
 * seen on the next page load.
 */
export const remoteRoutes: FastifyPluginAsyncTypebox<{ config: ServerConfig }> = async (app, { config }) => {
  const list = remoteListEntries(config);
  app.get('/remotes.json', { schema: { response: { 200: RemoteList } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return list;
  });
};
