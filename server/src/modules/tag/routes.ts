import { QuestionTagsQuery, TagBriefList, TagsBySlugQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { slugList, type TagService } from './service';

/** Tag suggestions of the ask form (answer-api.md §2.7), under /answer/api/v1. */
export const tagSuggestRoutes: FastifyPluginAsyncTypebox<{ tags: TagService }> = async (app, { tags }) => {
  // GET question/tags?tag=: prefix search (empty: the recommended tags), level `active`.
  app.get(
    '/question/tags',
    {
      config: { auth: 'active' },
      schema: { querystring: QuestionTagsQuery, response: responses(TagBriefList, [400, 401, 403]) },
    },
    async (request) => ok(request, await tags.suggest(request.query.tag ?? '')),
  );

  // GET tags?tags=a,b: the tags of these slugs (the ask form's ?tags= prefill), level `pub`.
  app.get(
    '/tags',
    {
      config: { auth: 'pub' },
      schema: { querystring: TagsBySlugQuery, response: responses(TagBriefList, [400, 401, 403]) },
    },
    async (request) => ok(request, await tags.bySlugs(slugList(request.query.tags))),
  );
};
