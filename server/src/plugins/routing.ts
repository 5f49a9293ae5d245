import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiFailure } from '../lib/api-failure';
import { checkPath, firstSegment, pathOf, queryOf } from '../lib/canonical-path';
import { surfaceOf } from './prefixes';

/** First path segments the site reserves, in the one letter case they are served under. */
const RESERVED_ROOTS = new Set(['answer', 'installation', 'uploads', 'remotes', 'plugins']);
/** First segments of the JSON APIs: a request there never gets a redirect, only an envelope. */
const API_ROOTS = new Set(['answer', 'installation']);

/**
 * Routing rules that every other rule relies on (docs/wire-contract.md, "Canonical paths"):
 *
 * 1. Each route is tagged with its surface (API, admin API, installer API, uploads, plugin files,
 *    site) from its registered pattern when it registers; hooks decide on that tag, never on the URL.
 * 2. Only canonical paths reach a route. Another spelling of an API path is refused with 400
 *    `base.path_not_canonical`; another spelling of a page or file (GET/HEAD) is redirected (301) to
 *    its canonical path, where every rule applies again; a path with no canonical form gets the 400.
 *    A reserved first segment in another letter case (`/Answer/...`, `/UPLOADS/...`) names nothing: 404.
 *
 * Registered before every plugin that adds an onRequest hook, so it answers first.
 */
async function routing(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), surface: surfaceOf(route.url ?? route.path) };
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    const verdict = checkPath(path);
    const root = firstSegment(verdict.kind === 'equivalent' ? verdict.canonical : path);
    if (!RESERVED_ROOTS.has(root) && RESERVED_ROOTS.has(root.toLowerCase())) throw ApiFailure.notFound();
    if (verdict.kind === 'canonical') return;
    request.log.info({ why: verdict.kind === 'refused' ? verdict.why : 'equivalent spelling' }, 'path not canonical');
    const page = !API_ROOTS.has(root.toLowerCase()) && (request.method === 'GET' || request.method === 'HEAD');
    if (verdict.kind === 'equivalent' && page) {
      return reply
        .code(301)
        .header('Location', `${verdict.canonical}${queryOf(request.url)}`)
        .header('Cache-Control', 'no-store')
        .send();
    }
    throw new ApiFailure(400, 'base.path_not_canonical');
  });
}

export default fp(routing, { name: 'routing', dependencies: ['errors'] });
