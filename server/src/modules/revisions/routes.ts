import {
  ReviewPageQuery,
  RevisionAuditBody,
  RevisionEditCheckQuery,
  RevisionList,
  RevisionRollbackBody,
  RevisionsQuery,
  UnreviewedRevisionPage,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { checkPermission, requirePermission, requirePostEdit } from '../permission/require';
import { actorOf, isStaff } from '../post/actor';
import { reviewScopeOf, type RevisionReview } from './review';
import type { RevisionRollback } from './rollback';
import type { RevisionService } from './service';

/**
 * Histories, the edit pre-check, the review of suggested edits and rollbacks of questions, answers and
 * tags, under /answer/api/v1.
 */
export const revisionRoutes: FastifyPluginAsyncTypebox<{
  revisions: RevisionService;
  rollback: RevisionRollback;
  review: RevisionReview;
}> = async (app, { revisions, rollback, review }) => {
  const active = { auth: 'active' } as const;

  // GET revisions?object_id: the history (creation and applied edits) of a question, answer or tag.
  app.get(
    '/revisions',
    {
      config: active,
      schema: { querystring: RevisionsQuery, response: responses(RevisionList, [400, 401, 403, 404]) },
    },
    async (request) => {
      const [withDeleted, settings] = await Promise.all([
        checkPermission(request, 'tag.undeleted').then((decision) => decision.allowed),
        app.settings.get('users'),
      ]);
      const list = await revisions.history.list(request.query.object_id, actorOf(request), withDeleted, settings);
      return ok(request, list);
    },
  );

  // GET revisions/edit/check?id: whether the actor may edit the object now (its edit permission, and
  // no suggested edit waiting for review: a toast 400 error.revision.review_underway).
  app.get(
    '/revisions/edit/check',
    {
      config: active,
      schema: { querystring: RevisionEditCheckQuery, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const id = request.query.id.trim();
      const target = await revisions.editTarget(id, actorOf(request));
      if (target.type === 'tag') await requirePermission(request, 'tag.edit');
      else await requirePostEdit(request, target.type, target.ownerId ?? 0);
      if (await revisions.pending(id))
        throw ApiFailure.badRequest('error.revision.review_underway', { errType: 'toast' });
      return ok(request, null);
    },
  );

  // PUT revisions/rollback {revision_id, reason?}: puts an earlier revision back as a new one. Staff,
  // the post's author, and for a tag whoever may edit tags without review.
  app.put(
    '/revisions/rollback',
    {
      config: active,
      schema: { body: RevisionRollbackBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      const revisionId = Number(request.body.revision_id);
      const subject = await rollback.subject(revisionId, actor);
      if (!isStaff(actor.roleId)) {
        if (subject.type === 'tag') await requirePermission(request, 'tag.edit_without_review');
        else if (subject.authorId !== actor.userId) throw ApiFailure.forbidden('error.revision.rollback_not_allowed');
      }
      await rollback.rollback(revisionId, actor, (request.body.reason ?? '').trim(), isStaff(actor.roleId));
      return ok(request, null);
    },
  );

  // GET revisions/unreviewed?page: one suggested edit of the viewer's queue per page (oldest first);
  // an empty page for whoever holds no audit privilege.
  app.get(
    '/revisions/unreviewed',
    {
      config: active,
      schema: { querystring: ReviewPageQuery, response: responses(UnreviewedRevisionPage, [400, 401, 403]) },
    },
    async (request) => {
      const [scope, settings] = await Promise.all([reviewScopeOf(request), app.settings.get('users')]);
      return ok(request, await review.page(scope, request.query.page ?? 1, settings));
    },
  );

  // PUT revisions/audit {id, operation}: approve or reject a suggested edit (the audit privilege of its type).
  app.put(
    '/revisions/audit',
    {
      config: active,
      schema: { body: RevisionAuditBody, response: responses(Type.Object({}), [400, 401, 403, 404]) },
    },
    async (request) => {
      await review.audit(await reviewScopeOf(request), Number(request.body.id), request.body.operation);
      return ok(request, {});
    },
  );
};
