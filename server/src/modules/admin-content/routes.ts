import {
  AdminAnswerPage,
  AdminAnswersQuery,
  AdminAnswerStatusBody,
  AdminQuestionPage,
  AdminQuestionsQuery,
  AdminQuestionStatusBody,
  AdminReportPage,
  AdminReportsQuery,
  ThemeOptions,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { auditOf } from '../audit/service';
import { actorOf } from '../post/actor';
import { THEMES } from '../settings/themes';
import type { AdminContentService } from './service';

/** The one theme the site has. */

/**
 * The admin's content routes under /answer/admin/api, administrators only: questions and answers by
 * status and their status changes, every flag (reports/page), and the theme choices.
 */
export const adminContentRoutes: FastifyPluginAsyncTypebox<{ content: AdminContentService }> = async (
  app,
  { content },
) => {
  const admin = { auth: 'admin' } as const;
  const nothing = responses(Type.Null(), [400, 401, 403, 404]);

  app.get(
    '/question/page',
    {
      config: admin,
      schema: { querystring: AdminQuestionsQuery, response: responses(AdminQuestionPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await content.questions(request.query)),
  );

  app.put(
    '/question/status',
    { config: admin, schema: { body: AdminQuestionStatusBody, response: nothing } },
    async (request) => {
      await content.setQuestionStatus(actorOf(request), request.body, auditOf(request));
      return ok(request, null);
    },
  );

  app.get(
    '/answer/page',
    {
      config: admin,
      schema: { querystring: AdminAnswersQuery, response: responses(AdminAnswerPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await content.answers(request.query)),
  );

  app.put(
    '/answer/status',
    { config: admin, schema: { body: AdminAnswerStatusBody, response: nothing } },
    async (request) => {
      await content.setAnswerStatus(actorOf(request), request.body, auditOf(request));
      return ok(request, null);
    },
  );

  app.get(
    '/reports/page',
    {
      config: admin,
      schema: { querystring: AdminReportsQuery, response: responses(AdminReportPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await content.reports(request.query, request.lang)),
  );

  app.get(
    '/theme/options',
    { config: admin, schema: { response: responses(ThemeOptions, [401, 403]) } },
    async (request) => ok(request, THEMES),
  );
};
