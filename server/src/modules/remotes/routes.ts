import { RemoteList } from '@agora/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { remoteListEntries, type ServerConfig } from '../../config';

/** GET /remotes.json: the shell's only source of remote locations. Never cached. */
export async function remoteRoutes(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const list = remoteListEntries(config);
  app.get('/remotes.json', { schema: { response: { 200: RemoteList } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return list;
  });
}
