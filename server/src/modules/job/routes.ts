import { AdminJob, AdminJobQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { JobRunner } from './runner';
import { jobView } from './view';

/** GET job?id= under /answer/admin/api, administrators only: a background job's progress and failures. */
export const adminJobRoutes: FastifyPluginAsyncTypebox<{ jobs: JobRunner }> = async (app, { jobs }) => {
  app.get(
    '/job',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminJobQuery, response: responses(AdminJob, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await jobView(jobs, Number(request.query.id), request)),
  );
};
