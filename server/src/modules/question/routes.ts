import {
  InvitedUsers,
  PostDeleteBody,
  QuestionAddBody,
  QuestionCloseBody,
  QuestionEditBody,
  QuestionEditResult,
  QuestionInfo,
  QuestionInfoQuery,
  QuestionInviteBody,
  QuestionInviteQuery,
  QuestionOperationBody,
  QuestionPage,
  QuestionPageQuery,
  QuestionRecoverBody,
  QuestionReopenBody,
  QuestionTagsQuery,
  RelatedQuestionsQuery,
  SimilarQuestions,
  SimilarQuestionsQuery,
  TagBriefList,
  type QuestionOperationName,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { checkPermission, requirePermission, requirePostEdit } from '../permission/require';
import { actorOf, viewerOf } from '../post/actor';
import { toUserBasicInfo } from '../profile/service';
import type { ReasonSource } from '../reasons/service';
import type { TagService } from '../tag/service';
import { DuplicateGuard, guarded, ViewCounter } from './guards';
import { questionInfo } from './info';
import type { QuestionOperationService } from './operations';
import type { QuestionPostService } from './posts';
import { closeReasonOf, permitOf } from './rules';
import type { QuestionSource } from './service';
import type { SimilarQuestionService } from './similar';

/** The permission each PUT question/operation needs. */
const OPERATION_PERMISSIONS: Record<QuestionOperationName, string> = {
  pin: 'question.pin',
  unpin: 'question.unpin',
  hide: 'question.hide',
  show: 'question.show',
};

/** Who a view belongs to: the user, or the visitor's address. */
function viewerKey(request: FastifyRequest): string {
  return request.session ? `u:${request.session.userId}` : `ip:${request.ip}`;
}

export interface QuestionRouteOptions {
  /** Question lists (GET question/page). */
  questions: QuestionSource;
  /** Asking, reading, editing and deleting questions (default: none of those routes). */
  posts?: QuestionPostService;
  /** Close, reopen, pin, hide, recover and invitations (with posts; default: none of those routes). */
  operations?: QuestionOperationService;
  /** The close reasons (with operations). */
  reasons?: ReasonSource;
  /** Similar and related questions (default: none of those routes). */
  similar?: SimilarQuestionService;
  /** Tag suggestions of the ask form (default: no GET question/tags). */
  tags?: TagService;
  guard?: DuplicateGuard;
  views?: ViewCounter;
}

/**
 * Every URL under question (besides POST question/answer, which answers with an answer and lives with
 * the answer routes), under /answer/api/v1. Writes check the privilege first, then that the question
 * is visible to the actor (404 otherwise).
 */
export const questionRoutes: FastifyPluginAsyncTypebox<QuestionRouteOptions> = async (app, options) => {
  const { questions, posts, operations, reasons, similar, tags } = options;
  const active = { auth: 'active' } as const;
  const pub = { auth: 'pub' } as const;

  // GET question/page: a list of questions.
  app.get(
    '/question/page',
    {
      config: pub,
      schema: { querystring: QuestionPageQuery, response: responses(QuestionPage, [400, 401, 403, 404]) },
    },
    async (request) => ok(request, await questions.page(request.query)),
  );

  // GET question/tags?tag=: prefix search (empty: the recommended tags) for the ask form.
  if (tags)
    app.get(
      '/question/tags',
      {
        config: active,
        schema: { querystring: QuestionTagsQuery, response: responses(TagBriefList, [400, 401, 403]) },
      },
      async (request) => ok(request, await tags.suggest(request.query.tag ?? '')),
    );

  if (similar) {
    // GET question/similar?title=: the ask form, while the title is typed.
    app.get(
      '/question/similar',
      {
        config: active,
        schema: { querystring: SimilarQuestionsQuery, response: responses(SimilarQuestions, [400, 401, 403]) },
      },
      async (request) => ok(request, await similar.byTitle(request.query.title)),
    );
    // GET question/similar/tag?question_id=: related questions of the detail page, `{list, count}`.
    app.get(
      '/question/similar/tag',
      {
        config: pub,
        schema: { querystring: RelatedQuestionsQuery, response: responses(QuestionPage, [400, 401, 403, 404]) },
      },
      async (request) => ok(request, await similar.related(request.query.question_id, viewerOf(request))),
    );
  }

  if (!posts) return;
  const guard = options.guard ?? DuplicateGuard.over(app.rateLimitCounters);
  const views = options.views ?? ViewCounter.over(app.rateLimitCounters);

  app.post(
    '/question',
    { config: active, schema: { body: QuestionAddBody, response: responses(QuestionInfo, [400, 401, 403, 404]) } },
    async (request) =>
      guarded(guard, request, 'POST /question', async () => {
        await requirePermission(request, 'question.add');
        await app.captcha.verify(request, 'question', request.body);
        const actor = actorOf(request);
        const id = await posts.add(actor, request.body, permitOf(request));
        await app.captcha.record(request, 'question');
        return ok(request, await questionInfo(request, posts, await posts.view(id, actor)));
      }),
  );

  app.get(
    '/question/info',
    {
      config: pub,
      schema: { querystring: QuestionInfoQuery, response: responses(QuestionInfo, [400, 401, 403, 404]) },
    },
    async (request) => {
      const view = await posts.view(request.query.id, viewerOf(request));
      if (await views.counts(viewerKey(request), view.row.id)) {
        await posts.countView(view.row.id);
        view.row.view_count += 1;
      }
      return ok(request, await questionInfo(request, posts, view));
    },
  );

  app.put(
    '/question',
    {
      config: active,
      schema: { body: QuestionEditBody, response: responses(QuestionEditResult, [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await requirePostEdit(request, 'question', row.user_id);
      await app.captcha.verify(request, 'edit', request.body);
      const direct = await checkPermission(request, 'question.edit_without_review', { ownerId: row.user_id });
      const result = await posts.edit(actor, request.body, permitOf(request), direct.allowed);
      await app.captcha.record(request, 'edit');
      return ok(request, result);
    },
  );

  app.delete(
    '/question',
    { config: active, schema: { body: PostDeleteBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await requirePermission(request, 'question.delete', { ownerId: row.user_id });
      await app.captcha.verify(request, 'delete', request.body);
      await posts.remove(actor, row.id);
      await app.captcha.record(request, 'delete');
      return ok(request, null);
    },
  );

  if (!operations) return;
  const closeReasons = reasons;
  const nothing = { config: active, schema: { response: responses(Type.Null(), [400, 401, 403, 404]) } } as const;

  // GET question/invite?id: the members invited to answer.
  app.get(
    '/question/invite',
    {
      config: pub,
      schema: { querystring: QuestionInviteQuery, response: responses(InvitedUsers, [400, 401, 403, 404]) },
    },
    async (request) => {
      const { row } = await posts.view(request.query.id, viewerOf(request));
      const [rows, settings] = await Promise.all([operations.invitedRows(row), app.settings.get('users')]);
      return ok(
        request,
        rows.map((user) => toUserBasicInfo(user, settings)),
      );
    },
  );

  app.put(
    '/question/status',
    { ...nothing, schema: { ...nothing.schema, body: QuestionCloseBody } },
    async (request) => {
      await requirePermission(request, 'question.close');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      const list = closeReasons ? await closeReasons.list('question', 'close') : [];
      const { reason, msg } = closeReasonOf(list, request.body.close_type, request.body.close_msg);
      await operations.close(actor, row, reason, msg);
      return ok(request, null);
    },
  );

  app.put(
    '/question/reopen',
    { ...nothing, schema: { ...nothing.schema, body: QuestionReopenBody } },
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
    { ...nothing, schema: { ...nothing.schema, body: QuestionOperationBody } },
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
    { ...nothing, schema: { ...nothing.schema, body: QuestionRecoverBody } },
    async (request) => {
      await requirePermission(request, 'question.undeleted');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.question_id, actor);
      await operations.recoverQuestion(actor, row);
      return ok(request, null);
    },
  );

  app.put(
    '/question/invite',
    { ...nothing, schema: { ...nothing.schema, body: QuestionInviteBody } },
    async (request) => {
      await requirePermission(request, 'answer.invite_someone_to_answer');
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await app.captcha.verify(request, 'invitation_answer', request.body);
      // Each new invitee's inbox entry becomes their mail (modules/notify-mail), as every inbox entry does.
      await operations.invite(actor, row, request.body.invite_user);
      await app.captcha.record(request, 'invitation_answer');
      return ok(request, null);
    },
  );
};
