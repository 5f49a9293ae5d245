import {
  AnswerRecoverBody,
  InvitedUsers,
  QuestionCloseBody,
  QuestionInviteBody,
  QuestionInviteQuery,
  QuestionOperationBody,
  QuestionRecoverBody,
  QuestionReopenBody,
  RevisionEditCheckQuery,
  type QuestionOperationName,
} from '@agora/shared-api/contract';
import { toShortId, usesShortIds } from '@agora/shared-api/short-id';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { objectTypeOf } from '../../db/ids';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { requirePermission } from '../permission/require';
import type { AnswerService } from '../answer/service';
import { toUserBasicInfo } from '../profile/service';
import type { ReasonSource } from '../reasons/service';
import { actorOf } from './post-routes';
import { urlTitle } from './text';
import type { QuestionPostService } from './posts';
import { DUPLICATE_REASON_KEY, isHttpUrl, type QuestionOperationService } from './operations';

/** The permission each PUT question/operation needs (answer-api.md §4.2). */
const OPERATION_PERMISSIONS: Record<QuestionOperationName, string> = {
  pin: 'question.pin',
  unpin: 'question.unpin',
  hide: 'question.hide',
  show: 'question.show',
};

/**
 * The address of a question as the site writes its links (site_seo.permalink, answer-api.md §3):
 * modes 1 and 3 add the url title, 3 and 4 use the short id.
 */
export function questionUrl(siteUrl: string, id: string, title: string, permalink: number): string {
  const shown = usesShortIds(permalink) ? toShortId(id) : id;
  const slug = permalink === 1 || permalink === 3 ? urlTitle(title) : '';
  const path = `/questions/${encodeURIComponent(shown)}${slug ? `/${slug}` : ''}`;
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export interface QuestionOperationRouteOptions {
  operations: QuestionOperationService;
  posts: QuestionPostService;
  answers?: AnswerService;
  reasons: ReasonSource;
}

/**
 * Question operations (answer-api.md §2.3, §2.4, §2.10), under /answer/api/v1: PUT question/status
 * (close), PUT question/reopen, PUT question/operation, POST question/recover, POST answer/recover,
 * GET revisions/edit/check, GET and PUT question/invite. The privilege is checked first (as Answer
 * does), then the post must be visible to the actor (404 otherwise).
 */
export const questionOperationRoutes: FastifyPluginAsyncTypebox<QuestionOperationRouteOptions> = async (
  app,
  options,
) => {
  const { operations, posts, answers, reasons } = options;
  const active = { auth: 'active' } as const;

  app.put(
    '/question/status',
    { config: active, schema: { body: QuestionCloseBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'question.close');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      const list = await reasons.list('question', 'close');
      const reason = list.find((r) => r.id === request.body.close_type);
      if (!reason) throw ApiFailure.fields([{ field: 'close_type', reason: 'error.question.close_type_invalid' }]);
      const msg = reason.content_type ? (request.body.close_msg ?? '').trim() : '';
      if (reason.content_type && msg === '')
        throw ApiFailure.fields([{ field: 'close_msg', reason: 'error.question.close_msg_required' }]);
      if (reason.key === DUPLICATE_REASON_KEY && !isHttpUrl(msg))
        throw ApiFailure.fields([{ field: 'close_msg', reason: 'error.question.close_msg_url' }]);
      await operations.close(actor, row, reason, msg);
      return ok(request, null);
    },
  );

  app.put(
    '/question/reopen',
    { config: active, schema: { body: QuestionReopenBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'question.reopen');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.question_id, actor);
      await operations.reopen(actor, row);
      return ok(request, null);
    },
  );

  app.put(
    '/question/operation',
    {
      config: active,
      schema: { body: QuestionOperationBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await requirePermission(request, OPERATION_PERMISSIONS[request.body.operation]);
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await operations.operate(actor, row, request.body.operation);
      return ok(request, null);
    },
  );

  app.post(
    '/question/recover',
    { config: active, schema: { body: QuestionRecoverBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'question.undeleted');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.question_id, actor);
      await operations.recoverQuestion(actor, row);
      return ok(request, null);
    },
  );

  if (answers) {
    app.post(
      '/answer/recover',
      { config: active, schema: { body: AnswerRecoverBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
      async (request) => {
        await requirePermission(request, 'answer.undeleted');
        const actor = actorOf(request);
        const answer = await answers.one(request.body.answer_id, actor);
        await operations.recoverAnswer(actor, answer);
        return ok(request, null);
      },
    );
  }

  app.get(
    '/revisions/edit/check',
    {
      config: active,
      schema: { querystring: RevisionEditCheckQuery, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = request.query.id.trim();
      const type = objectTypeOf(id);
      if (type === 'question') {
        const { row } = await posts.view(id, actor);
        await requirePermission(request, 'question.edit', { ownerId: row.user_id });
      } else if (type === 'answer' && answers) {
        const row = await answers.one(id, actor);
        await requirePermission(request, 'answer.edit', { ownerId: row.user_id });
      } else if (type === 'tag' && (await operations.tagExists(id))) {
        await requirePermission(request, 'tag.edit');
      } else {
        throw ApiFailure.badRequest('error.object.not_found');
      }
      if (await operations.reviewPending(id))
        throw ApiFailure.badRequest('error.revision.review_underway', { errType: 'toast' });
      return ok(request, null);
    },
  );

  app.get(
    '/question/invite',
    {
      config: { auth: 'pub' },
      schema: { querystring: QuestionInviteQuery, response: responses(InvitedUsers, [400, 401, 403, 404]) },
    },
    async (request) => {
      const viewer = request.session ? actorOf(request) : {};
      const { row } = await posts.view(request.query.id, viewer);
      const [rows, settings] = await Promise.all([operations.invitedRows(row), app.settings.get('users')]);
      return ok(
        request,
        rows.map((user) => toUserBasicInfo(user, settings)),
      );
    },
  );

  app.put(
    '/question/invite',
    { config: active, schema: { body: QuestionInviteBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'answer.invite_someone_to_answer');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await app.captcha.verify(request, 'invitation_answer', request.body);
      const invited = await operations.invite(actor, row, request.body.invite_user);
      await app.captcha.record(request, 'invitation_answer');
      const wantsMail = invited.filter((member) => member.mail);
      if (wantsMail.length) {
        const [general, seo] = await Promise.all([app.settings.get('general'), app.settings.get('seo')]);
        const link = questionUrl(general.site_url, row.id, row.title, seo.permalink);
        const inviter = request.session ? await app.users.currentUser(request.session) : null;
        for (const member of wantsMail) {
          try {
            await app.mailer.enqueue({
              to: member.e_mail,
              template: 'invited_you_to_answer',
              params: {
                username: member.username,
                inviter: inviter?.display_name || inviter?.username || '',
                question_title: row.title,
                link,
              },
            });
          } catch (error) {
            request.log.warn({ err: error }, 'the invitation mail could not be queued');
          }
        }
      }
      return ok(request, null);
    },
  );
};
