import { ReviewingTypes } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { reviewScopeOf } from '../revisions/review';
import type { ReviewingService } from './service';

/** GET reviewing/type (level `active`): the review queue's tabs, under /answer/api/v1. */
export const reviewingRoutes: FastifyPluginAsyncTypebox<{ reviewing: ReviewingService }> = async (
  app,
  { reviewing },
) => {
  app.get(
    '/reviewing/type',
    { config: { auth: 'active' }, schema: { response: responses(ReviewingTypes, [401, 403]) } },
    async (request) => {
      const tasks = await reviewing.tasks(await reviewScopeOf(request));
      return ok(
        request,
        tasks.map((task) => ({
          name: task.name,
          label: request.t(`reviewing.type.${task.name}`),
          todo_amount: task.count,
        })),
      );
    },
  );
};
