import Fastify, { type FastifyInstance } from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { ServerConfig } from './config';
import { remoteRoutes } from './modules/remotes/routes';
import staticSite from './plugins/static-site';

/** Builds the app without listening: tests inject requests into it; server.ts owns the process. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
  }).setValidatorCompiler(TypeBoxValidatorCompiler);

  app.get('/healthz', async (_request, reply) => reply.type('text/plain').send('OK'));
  await app.register(remoteRoutes, { config });
  await app.register(staticSite, { config });
  return app;
}
