import { SearchDesc, SearchQuery, SearchResp } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { SearchService } from './service';

/** GET search and search/desc (docs/wire-contract.md), under /answer/api/v1. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ search: SearchService }> = async (app, { search }) => {
  // GET search?q=: level `pub`; captcha action `search` (from the 20th search
  // within 60 s, counted per user, or per address when anonymous), its answer in the query.
  app.get(
    '/search',
    {
      config: { auth: 'pub' },
      schema: { querystring: SearchQuery, response: responses(SearchResp, [400, 401, 403]) },
    },
    async (request) => {
      await app.captcha.verify(request, 'search', request.query);
      const userId = request.session?.userId;
      const result = await search.search(request.query, userId ? Number(userId) : undefined);
      await app.captcha.record(request, 'search');
      return ok(request, result);
    },
  );

  // GET search/desc: the search plugin's name, icon and link; this site has none.
  app.get(
    '/search/desc',
    { config: { auth: 'pub' }, schema: { response: responses(SearchDesc, [401, 403]) } },
    async (request) => ok(request, { name: '', icon: '', link: '' }),
  );
};
