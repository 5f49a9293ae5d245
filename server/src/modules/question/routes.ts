import { QuestionPage, QuestionPageQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { QuestionSource } from './service';

/** GET question/page (answer-api.md §2.3), level `pub`, under /answer/api/v1. */
export const questionRoutes: FastifyPluginAsyncTypebox<{ questions: QuestionSource }> = async (app, { questions }) => {
  app.get(
    '/question/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: QuestionPageQuery, response: responses(QuestionPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await questions.page(request.query)),
  );
};
