import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { servedPath, type ServerConfig } from '../config';

/** `name.0123abcd.js`: rspack's content-hashed output never changes under the same name. */
const HASHED = /\.[0-9a-f]{8}\.(?:js|css|map|svg|png|jpe?g|webp|woff2?|ttf)$/;
/** Files that name other files and so must always be fetched fresh (independent deployment). */
const ALWAYS_FRESH = /(?:^|\/)(?:mf-manifest\.json|remoteEntry\.js|index\.html|mf-stats\.json)$/;

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (ALWAYS_FRESH.test(base)) return 'no-store';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

const API_PREFIXES = ['/answer/', '/installation/', '/remotes/', '/plugins/'];

/**
 * Serves the built shell at /, each remote under /remotes/<name>/ and each plugin remote under
 * /plugins/<slug>/, straight from disk: replacing a remote's files is picked up on the next load.
 */
async function staticSite(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const shellIndex = path.join(config.shellDir, 'index.html');
  let first = true;
  const serve = (root: string, prefix: string, cors: boolean) => {
    if (!existsSync(root)) {
      app.log.warn({ root }, 'static directory missing; its remote will be reported unavailable');
    }
    void app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: first,
      index: false,
      wildcard: true,
      etag: true,
      lastModified: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
        if (cors) reply.header('Access-Control-Allow-Origin', '*');
      },
    });
    first = false;
  };

  serve(config.shellDir, '/', false);
  for (const remote of config.remotes) if (remote.dir) serve(remote.dir, servedPath('remotes', remote.name), true);
  for (const plugin of config.plugins) if (plugin.dir) serve(plugin.dir, servedPath('plugins', plugin.slug_name), true);

  const sendShell = (reply: FastifyReply) => {
    if (!existsSync(shellIndex)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The site has not been built yet. Run `pnpm build` and restart the server.');
    }
    return reply.header('Cache-Control', 'no-store').sendFile('index.html', config.shellDir);
  };

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      !path.extname(url);
    if (wantsPage) return sendShell(reply);
    return reply.code(404).send({ code: 404, reason: 'base.not_found', msg: 'Not Found', data: null });
  });
}

export default fp(staticSite, { name: 'static-site' });
