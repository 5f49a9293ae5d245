import {
  AddCommentBody,
  Comment,
  CommentPage,
  CommentPageQuery,
  CommentQuery,
  DeleteCommentBody,
  UpdateCommentBody,
  UpdatedComment,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { checkPermission, requirePermission } from '../permission/require';
import { DuplicateGuard } from '../question/guards';
import type { CommentViewer } from './actions';
import type { CommentService } from './service';

/** The request's viewer: anonymous, or a user with their comment.edit / comment.delete grants. */
async function viewerOf(request: FastifyRequest): Promise<CommentViewer> {
  const t = (key: string) => request.t(key);
  if (!request.session) return { userId: null, canEdit: false, canDelete: false, t };
  const [edit, remove] = await Promise.all([
    checkPermission(request, 'comment.edit'),
    checkPermission(request, 'comment.delete'),
  ]);
  return {
    userId: Number(request.session.userId),
    roleId: request.session.roleId,
    canEdit: edit.allowed,
    canDelete: remove.allowed,
    t,
  };
}

async function actorOf(request: FastifyRequest): Promise<CommentViewer & { userId: number }> {
  const viewer = await viewerOf(request);
  return { ...viewer, userId: Number(sessionOf(request).userId) };
}

/** Comments (docs/wire-contract.md) under /answer/api/v1. */
export const commentRoutes: FastifyPluginAsyncTypebox<{ comments: CommentService; guard?: DuplicateGuard }> = async (
  app,
  options,
) => {
  const { comments } = options;
  const guard = options.guard ?? DuplicateGuard.over(app.rateLimitCounters);

  app.get(
    '/comment/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: CommentPageQuery, response: responses(CommentPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await comments.page(request.query, await viewerOf(request))),
  );

  app.get(
    '/comment',
    {
      config: { auth: 'pub' },
      schema: { querystring: CommentQuery, response: responses(Comment, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await comments.get(request.query.id, await viewerOf(request))),
  );

  app.post(
    '/comment',
    {
      config: { auth: 'active' },
      schema: { body: AddCommentBody, response: responses(Comment, [400, 401, 403, 404]) },
    },
    async (request) => {
      await requirePermission(request, 'comment.add');
      const key = DuplicateGuard.key(sessionOf(request).userId, 'POST /comment', request.body);
      if (!(await guard.take(key))) throw ApiFailure.badRequest('base.duplicate_request_error');
      try {
        await app.captcha.verify(request, 'comment', request.body);
        const comment = await comments.add(request.body, await actorOf(request));
        await app.captcha.record(request, 'comment');
        return ok(request, comment);
      } catch (error) {
        await guard.release(key);
        throw error;
      }
    },
  );

  app.put(
    '/comment',
    {
      config: { auth: 'active' },
      schema: { body: UpdateCommentBody, response: responses(UpdatedComment, [400, 401, 403, 404]) },
    },
    async (request) => {
      await app.captcha.verify(request, 'edit', request.body);
      const updated = await comments.update(request.body, await actorOf(request));
      await app.captcha.record(request, 'edit');
      return ok(request, updated);
    },
  );

  app.delete(
    '/comment',
    {
      config: { auth: 'active' },
      schema: { body: DeleteCommentBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await app.captcha.verify(request, 'delete', request.body);
      await comments.remove(request.body.comment_id, await actorOf(request));
      await app.captcha.record(request, 'delete');
      return ok(request, null);
    },
  );
};
