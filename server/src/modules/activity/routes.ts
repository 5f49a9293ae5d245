import { Timeline, TimelineDetail, TimelineDetailQuery, TimelineQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hasTranslation } from '../../i18n';
import { ok, responses } from '../../lib/envelope';
import { checkPermission } from '../permission/require';
import { actorOf, isStaff } from '../post/actor';
import type { ActivityService } from './service';

const ADMIN_ROLE = 2;

/** Timelines of questions, answers and tags (every `activity/*` URL), under /answer/api/v1. */
export const activityRoutes: FastifyPluginAsyncTypebox<{ activity: ActivityService }> = async (app, { activity }) => {
  const active = { auth: 'active' } as const;
  const mayRestoreTags = (request: Parameters<typeof checkPermission>[0]) =>
    checkPermission(request, 'tag.undeleted').then((decision) => decision.allowed);

  // GET activity/timeline?object_id[&show_vote]: votes only for staff holding vote.detail who ask.
  app.get(
    '/activity/timeline',
    { config: active, schema: { querystring: TimelineQuery, response: responses(Timeline, [400, 401, 403, 404]) } },
    async (request) => {
      const viewer = actorOf(request);
      const votes =
        request.query.show_vote === true &&
        isStaff(viewer.roleId) &&
        (await checkPermission(request, 'vote.detail')).allowed;
      const [withDeletedTags, avatars] = await Promise.all([mayRestoreTags(request), app.settings.get('users')]);
      const timeline = await activity.timeline(request.query.object_id, {
        viewer,
        votes,
        admin: viewer.roleId === ADMIN_ROLE,
        withDeletedTags,
        avatars,
        reasonName: (key, stored) => (hasTranslation(`${key}.name`) ? request.t(`${key}.name`) : stored),
      });
      return ok(request, timeline);
    },
  );

  // GET activity/timeline/detail?new_revision_id&old_revision_id: two revisions of one object.
  app.get(
    '/activity/timeline/detail',
    {
      config: active,
      schema: { querystring: TimelineDetailQuery, response: responses(TimelineDetail, [400, 401, 403, 404]) },
    },
    async (request) => {
      const detail = await activity.detail(
        Number(request.query.new_revision_id),
        Number(request.query.old_revision_id),
        actorOf(request),
        await mayRestoreTags(request),
      );
      return ok(request, detail);
    },
  );
};
