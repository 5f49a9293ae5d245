import { PostRenderBody, PostRenderResult } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import { renderPostHtml } from '../../lib/markdown';

/**
 * POST post/render (docs/wire-contract.md), level `active`, under /answer/api/v1: the editor's preview,
 * rendered by the same pipeline that renders a saved post (markdown -> sanitized HTML).
 */
export const renderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/post/render',
    {
      config: { auth: 'active' },
      schema: { body: PostRenderBody, response: responses(PostRenderResult, [400, 401, 403]) },
    },
    async (request) => ok(request, renderPostHtml(request.body.content)),
  );
};
