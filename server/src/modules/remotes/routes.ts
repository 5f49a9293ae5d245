import { RemoteList } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { remoteListEntries, type ServerConfig } from '../../config';
import { configuredPluginStates, type PluginStateStore } from '../plugins/state';

/**
 * GET /remotes.json: the shell's only source of remote locations, checked against the contract when
 * the config is loaded and serialized by the same schema. Plugins are listed while enabled (the
 * administrator's choice in `plugins`, else the config's). Never cached, so a change of location or
 * a plugin switched off is seen on the next page load.
 */
export const remoteRoutes: FastifyPluginAsyncTypebox<{ config: ServerConfig; plugins?: PluginStateStore }> = async (
  app,
  { config, plugins = configuredPluginStates },
) => {
  app.get('/remotes.json', { schema: { response: { 200: RemoteList } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return remoteListEntries({ ...config, plugins: await plugins.resolve(config.plugins) });
  });
};
