import {
  QuestionPage,
  RelatedQuestionsQuery,
  SimilarQuestions,
  SimilarQuestionsQuery,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { SimilarQuestionService } from './similar';

/** Similar questions for the ask form and related ones for the detail page (answer-api.md §2.3). */
export const questionSuggestRoutes: FastifyPluginAsyncTypebox<{ similar: SimilarQuestionService }> = async (
  app,
  { similar },
) => {
  // GET question/similar?title=: level `active` (the ask form, while the title is typed).
  app.get(
    '/question/similar',
    {
      config: { auth: 'active' },
      schema: { querystring: SimilarQuestionsQuery, response: responses(SimilarQuestions, [400, 401, 403]) },
    },
    async (request) => ok(request, await similar.byTitle(request.query.title)),
  );

  // GET question/similar/tag?question_id=: level `pub`, `{list, count}`.
  app.get(
    '/question/similar/tag',
    {
      config: { auth: 'pub' },
      schema: { querystring: RelatedQuestionsQuery, response: responses(QuestionPage, [400, 401, 403, 404]) },
    },
    async (request) => {
      const viewer = request.session ? { userId: Number(request.session.userId), roleId: request.session.roleId } : {};
      return ok(request, await similar.related(request.query.question_id, viewer));
    },
  );
};
