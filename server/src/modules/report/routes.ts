import { ReportBody } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { requirePermission } from '../permission/require';
import { activeViewer } from '../profile/viewer';
import { isHttpUrl } from '../question/rules';
import { DUPLICATE_REASON_KEY } from '../question/table';
import type { ReasonSource } from '../reasons/service';
import type { ReportService } from './service';

export interface ReportRouteOptions {
  reports: ReportService;
  reasons: ReasonSource;
}

/**
 * POST report, level `active`, under /answer/api/v1: a member holding
 * `report.add` flags a question, answer or comment with one of the object type's flag reasons.
 * Order: privilege, object (404), reason and its text (400 field errors), captcha, then the write
 * (400 error.report.already_reported while the member's earlier flag is pending).
 */
export const reportRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (app, { reports, reasons }) => {
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
};
