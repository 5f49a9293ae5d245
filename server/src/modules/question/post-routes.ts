import {
  PostDeleteBody,
  QuestionAddBody,
  QuestionEditBody,
  QuestionEditResult,
  QuestionInfo,
  QuestionInfoQuery,
  type MemberAction,
} from '@agora/shared-api/contract';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { hasTranslation } from '../../i18n';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { memberAction, memberActions, type WantedAction } from '../permission/member-actions';
import { checkPermission, requirePermission } from '../permission/require';
import { DuplicateGuard, ViewCounter } from './guards';
import { isStaff, type QuestionPostService, type Actor, type Permit, type QuestionView } from './posts';
import { QUESTION_STATUS, PIN, SHOW } from './repository';
import { plainExcerpt, urlTitle } from './text';
import { seconds } from '../../lib/time';
import { isLive } from '../visibility/rule';

const wireId = (id: string | null | undefined) => id ?? '0';

export function actorOf(request: FastifyRequest): Actor {
  const session = sessionOf(request);
  return { userId: Number(session.userId), roleId: session.roleId };
}

/** requirePermission bound to a request. */
export function permitOf(request: FastifyRequest): Permit {
  return (action) => requirePermission(request, action);
}

/**
 * Runs a post under the duplicate guard of answer-api.md §1.6: a repeat within 5 minutes is 400
 * base.duplicate_request_error; a failed post gives its key back.
 */
export async function guarded<T>(
  guard: DuplicateGuard,
  request: FastifyRequest,
  route: string,
  run: () => Promise<T>,
): Promise<T> {
  const key = DuplicateGuard.key(sessionOf(request).userId, route, request.body);
  if (!(await guard.take(key))) throw ApiFailure.badRequest('base.duplicate_request_error');
  try {
    return await run();
  } catch (error) {
    await guard.release(key);
    throw error;
  }
}

/**
 * What the viewer may do on a question, in Answer's order; none for visitors. Each action is offered
 * only when its route would accept it: the same permission, and the same state rules (report needs a
 * live question, delete asks QuestionPostService.deletable as DELETE question does).
 */
async function questionActions(
  request: FastifyRequest,
  posts: QuestionPostService,
  view: QuestionView,
): Promise<MemberAction[]> {
  const { row } = view;
  if (!request.session) return [];
  const owner = { ownerId: row.user_id };
  const wanted: WantedAction[] = [];
  if (row.status === QUESTION_STATUS.deleted) {
    wanted.push(['undelete', 'question.undeleted']);
  } else {
    const deletable = await posts.deletable(actorOf(request), row);
    wanted.push(
      ['report', 'report.add', {}, isLive({ question: row })],
      ['edit', 'question.edit', owner],
      ['delete', 'question.delete', owner, deletable],
    );
    if (row.status === QUESTION_STATUS.open) wanted.push(['close', 'question.close', {}]);
    if (row.status === QUESTION_STATUS.closed) wanted.push(['reopen', 'question.reopen', {}]);
    if (row.pin === PIN.pinned) wanted.push(['unpin', 'question.unpin', {}]);
    else wanted.push(['pin', 'question.pin', {}]);
    if (row.show === SHOW.unlisted) wanted.push(['show', 'question.show', {}]);
    else wanted.push(['hide', 'question.hide', {}]);
  }
  return memberActions(request, wanted);
}

/**
 * Extra actions on a question (answer-api.md §2 QuestionInfo): inviting others to answer, for a viewer
 * holding answer.invite_someone_to_answer while the question is open.
 */
async function extendsActions(request: FastifyRequest, view: QuestionView): Promise<MemberAction[]> {
  if (!request.session || view.row.status !== QUESTION_STATUS.open) return [];
  const decision = await checkPermission(request, 'answer.invite_someone_to_answer');
  if (!decision.allowed) return [];
  return [memberAction(request, 'invite_other_to_answer')];
}

/**
 * What a closed question's notice says (answer-api.md §2 QuestionInfo.operation): the close reason's
 * name in the request's language (the stored name when the catalogue has none), or a plain "closed"
 * when the stored close type names no reason.
 */
function closeDescription(request: FastifyRequest, reason: QuestionView['closeReason']): string {
  if (!reason) return request.t('post_operation.closed');
  const key = `${reason.key}.name`;
  if (hasTranslation(key)) return request.t(key);
  return reason.name || request.t('post_operation.closed');
}

/** The QuestionInfo of a question the viewer may see. */
export async function questionInfo(
  request: FastifyRequest,
  posts: QuestionPostService,
  view: QuestionView,
): Promise<QuestionInfo> {
  const { row } = view;
  const userId = request.session ? Number(request.session.userId) : null;
  const state =
    userId === null
      ? { voteStatus: '' as const, collected: false, followed: false, firstAnswerId: null }
      : await posts.viewerState(row.id, userId);
  const missingUser = (id: number) => ({
    id: String(id),
    username: '',
    rank: 0,
    display_name: '',
    avatar: '',
    website: '',
    location: '',
    language: '',
    status: 'deleted' as const,
    suspended_until: 0,
  });
  let operation: QuestionInfo['operation'];
  if (row.status === QUESTION_STATUS.closed) {
    operation = {
      type: 'closed',
      description: closeDescription(request, view.closeReason),
      msg: view.closeMsg,
      time: seconds(row.updated_at),
      level: 'info',
    };
  } else if (row.status === QUESTION_STATUS.deleted) {
    operation = {
      type: 'deleted',
      description: request.t('post_operation.deleted'),
      msg: '',
      time: seconds(row.updated_at),
      level: 'danger',
    };
  } else if (row.status === QUESTION_STATUS.pending) {
    operation = {
      type: 'pending',
      description: request.t('post_operation.pending'),
      msg: '',
      time: seconds(row.created_at),
      level: 'secondary',
    };
  }
  const editor = row.last_edit_user_id;
  const answerer = view.lastAnswerUserId;
  return {
    id: row.id,
    title: row.title,
    url_title: urlTitle(row.title),
    content: row.original_text,
    html: row.parsed_text,
    description: plainExcerpt(row.parsed_text),
    tags: view.tags,
    view_count: row.view_count,
    unique_view_count: row.unique_view_count,
    vote_count: row.vote_count,
    answer_count: row.answer_count,
    collection_count: row.collection_count,
    follow_count: row.follow_count,
    accepted_answer_id: wireId(row.accepted_answer_id),
    last_answer_id: wireId(row.last_answer_id),
    create_time: seconds(row.created_at),
    update_time: seconds(row.post_update_time),
    edit_time: editor === null ? 0 : seconds(row.updated_at),
    pin: row.pin,
    show: row.show,
    status: row.status,
    ...(operation ? { operation } : {}),
    user_info: view.users.get(row.user_id) ?? missingUser(row.user_id),
    ...(editor !== null ? { update_user_info: view.users.get(editor) ?? missingUser(editor) } : {}),
    ...(answerer !== null ? { last_answered_user_info: view.users.get(answerer) ?? missingUser(answerer) } : {}),
    answered: state.firstAnswerId !== null,
    first_answer_id: wireId(state.firstAnswerId),
    collected: state.collected,
    vote_status: state.voteStatus,
    is_followed: state.followed,
    member_actions: await questionActions(request, posts, view),
    extends_actions: await extendsActions(request, view),
  };
}

/** Who a view belongs to: the user, or the visitor's address. */
function viewerKey(request: FastifyRequest): string {
  return request.session ? `u:${request.session.userId}` : `ip:${request.ip}`;
}

export interface QuestionPostOptions {
  posts: QuestionPostService;
  guard?: DuplicateGuard;
  views?: ViewCounter;
}

/** POST question, GET question/info (answer-api.md §2.3), under /answer/api/v1. */
export const questionPostRoutes: FastifyPluginAsyncTypebox<QuestionPostOptions> = async (app, options) => {
  const { posts } = options;
  const guard = options.guard ?? DuplicateGuard.over(app.rateLimitCounters);
  const views = options.views ?? ViewCounter.over(app.rateLimitCounters);

  app.post(
    '/question',
    {
      config: { auth: 'active' },
      schema: { body: QuestionAddBody, response: responses(QuestionInfo, [400, 401, 403, 404]) },
    },
    async (request) =>
      guarded(guard, request, 'POST /question', async () => {
        await requirePermission(request, 'question.add');
        await app.captcha.verify(request, 'question', request.body);
        const actor = actorOf(request);
        const id = await posts.add(actor, request.body, permitOf(request));
        await app.captcha.record(request, 'question');
        const view = await posts.view(id, actor);
        return ok(request, await questionInfo(request, posts, view));
      }),
  );

  app.get(
    '/question/info',
    {
      config: { auth: 'pub' },
      schema: { querystring: QuestionInfoQuery, response: responses(QuestionInfo, [400, 401, 403, 404]) },
    },
    async (request) => {
      const viewer = request.session ? { userId: Number(request.session.userId), roleId: request.session.roleId } : {};
      const view = await posts.view(request.query.id, viewer);
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
      config: { auth: 'active' },
      schema: { body: QuestionEditBody, response: responses(QuestionEditResult, [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.id, actor);
      await requirePermission(request, 'question.edit', { ownerId: row.user_id });
      await app.captcha.verify(request, 'edit', request.body);
      const direct = await checkPermission(request, 'question.edit_without_review', { ownerId: row.user_id });
      const result = await posts.edit(actor, request.body, permitOf(request), direct.allowed);
      await app.captcha.record(request, 'edit');
      return ok(request, result);
    },
  );

  app.delete(
    '/question',
    {
      config: { auth: 'active' },
      schema: { body: PostDeleteBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
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
};

export { isStaff };
