import { FlaggedPostPage, ReportBody, ReportReviewBody, ReviewPageQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { requirePermission } from '../permission/require';
import { actorOf, isStaff } from '../post/actor';
import { activeViewer } from '../profile/viewer';
import { isHttpUrl, permitOf } from '../question/rules';
import { DUPLICATE_REASON_KEY } from '../question/table';
import type { ReasonSource } from '../reasons/service';
import type { ReportReviewService } from './review';
import type { ReportService } from './service';

export interface ReportRouteOptions {
  reports: ReportService;
  reasons: ReasonSource;
  /** The flag queue of staff (GET report/unreviewed/post, PUT report/review); absent: those routes are not served. */
  review?: ReportReviewService;
}

/**
 * POST report, level `active`, under /answer/api/v1: a member holding
 * `report.add` flags a question, answer or comment with one of the object type's flag reasons.
 * Order: privilege, object (404), reason and its text (400 field errors), captcha, then the write
 * (400 error.report.already_reported while the member's earlier flag is pending).
 */
export const reportRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (
  app,
  { reports, reasons, review },
) => {
  app.post(
    '/report',
    {
      config: { auth: 'active' },
      schema: { body: ReportBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await requirePermission(request, 'report.add');
      const actor = activeViewer(request);
      const target = await reports.target(request.body.object_id, actor);
      const reason = (await reasons.list(target.type, 'flag')).find((r) => r.id === request.body.report_type);
      if (!reason) throw ApiFailure.fields([{ field: 'report_type', reason: 'error.report.reason_invalid' }]);
      const content = (request.body.content ?? '').trim();
      if (reason.content_type && content === '')
        throw ApiFailure.fields([{ field: 'content', reason: 'error.report.content_required' }]);
      if (reason.key === DUPLICATE_REASON_KEY && !isHttpUrl(content))
        throw ApiFailure.fields([{ field: 'content', reason: 'error.report.content_url' }]);
      await app.captcha.verify(request, 'report', request.body);
      await reports.add(actor, target, { reasonId: reason.id, content: reason.content_type ? content : '' });
      await app.captcha.record(request, 'report');
      return ok(request, null);
    },
  );

  if (!review) return;

  // GET report/unreviewed/post?page: one pending flag a page, oldest first, for staff; others an empty queue.
  app.get(
    '/report/unreviewed/post',
    {
      config: { auth: 'active' },
      schema: { querystring: ReviewPageQuery, response: responses(FlaggedPostPage, [400, 401, 403]) },
    },
    async (request) => ok(request, await review.page(actorOf(request), request.query.page ?? 1, request.lang)),
  );

  // PUT report/review: staff settle a flag by editing, closing, deleting or unlisting its object, or ignoring it.
  app.put(
    '/report/review',
    {
      config: { auth: 'active' },
      schema: { body: ReportReviewBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!isStaff(actor.roleId)) throw ApiFailure.forbidden('error.review.staff_only');
      await review.review({ ...actor, permit: permitOf(request), t: (key) => request.t(key) }, request.body);
      return ok(request, null);
    },
  );
};
