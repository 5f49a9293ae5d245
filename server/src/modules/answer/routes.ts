import {
  AnswerAddBody,
  AnswerRecoverBody,
  AnswerPage,
  AnswerPageQuery,
  AnswerWithQuestion,
  PostDeleteBody,
  PostTags,
  QuestionTitle,
  PostContent,
  type AnswerInfo,
  type MemberAction,
  EDIT_SUMMARY_MAX,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { memberActions, type WantedAction } from '../permission/member-actions';
import { checkPermission, mayEditPost, requirePermission, requirePostEdit } from '../permission/require';
import { seconds } from '../../lib/time';
import { actorOf, viewerOf } from '../post/actor';
import { DuplicateGuard, guarded } from '../question/guards';
import { questionInfo } from '../question/info';
import type { QuestionPostService, QuestionRow } from '../question/posts';
import { permitOf } from '../question/rules';
import { isLive } from '../visibility/rule';
import { answerDeletable, type AnswerService } from './service';
import { ANSWER_STATUS, type AnswerRow } from './table';
import type { AnswerViewerSource } from './viewer';

/**
 * What the viewer may do on an answer; each action only when its route would accept it (report needs a
 * live answer and question and no pending flag of the viewer on it, delete asks answerDeletable as DELETE answer does).
 */
async function answerActions(
  request: FastifyRequest,
  row: AnswerRow,
  question: QuestionRow,
  reported: boolean,
): Promise<MemberAction[]> {
  if (!request.session) return [];
  const owner = { ownerId: row.user_id };
  const wanted: WantedAction[] =
    row.status === ANSWER_STATUS.deleted
      ? [['undelete', 'answer.undeleted', {}]]
      : [
          ['report', 'report.add', {}, isLive({ question, answer: row }) && !reported],
          ['edit', null, owner, await mayEditPost(request, 'answer', row.user_id)],
          ['delete', 'answer.delete', owner, answerDeletable(actorOf(request), row)],
        ];
  return memberActions(request, wanted);
}

async function answerInfos(
  request: FastifyRequest,
  answers: AnswerService,
  rows: AnswerRow[],
  questionOf: (row: AnswerRow) => QuestionRow,
  viewer: AnswerViewerSource | undefined,
): Promise<AnswerInfo[]> {
  const [users, states] = await Promise.all([
    answers.users(rows.flatMap((r) => (r.last_edit_user_id === null ? [r.user_id] : [r.user_id, r.last_edit_user_id]))),
    // The viewer's votes and bookmarks on the whole page, in one query.
    request.session && viewer
      ? viewer.states(
          Number(request.session.userId),
          rows.map((r) => r.id),
        )
      : undefined,
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const author = users.get(row.user_id);
      const editor = row.last_edit_user_id === null ? undefined : users.get(row.last_edit_user_id);
      const state = states?.get(row.id);
      return {
        id: row.id,
        question_id: row.question_id,
        content: row.original_text,
        html: row.parsed_text,
        create_time: seconds(row.created_at),
        update_time: seconds(row.updated_at),
        accepted: row.adopted,
        ...(author ? { user_info: author } : {}),
        ...(editor ? { update_user_info: editor } : {}),
        collected: state?.collected ?? false,
        vote_status: state?.voteStatus ?? '',
        vote_count: row.vote_count,
        status: row.status,
        reported: state?.reported ?? false,
        member_actions: await answerActions(request, row, questionOf(row), state?.reported ?? false),
      };
    }),
  );
}

export interface AnswerRouteOptions {
  answers: AnswerService;
  posts: QuestionPostService;
  guard?: DuplicateGuard;
  /** The viewer's votes and bookmarks on answers (default: none read, every answer unvoted). */
  viewer?: AnswerViewerSource;
}

/**
 * Every URL under answer, and POST question/answer (asking and answering at once answers with the
 * answer), under /answer/api/v1.
 */
export const answerRoutes: FastifyPluginAsyncTypebox<AnswerRouteOptions> = async (app, options) => {
  const { answers, posts, viewer: viewerStates } = options;
  const guard = options.guard ?? DuplicateGuard.over(app.rateLimitCounters);

  app.post(
    '/answer',
    {
      config: { auth: 'active' },
      schema: { body: AnswerAddBody, response: responses(AnswerWithQuestion, [400, 401, 403, 404]) },
    },
    async (request) =>
      guarded(guard, request, 'POST /answer', async () => {
        await requirePermission(request, 'answer.add');
        await app.captcha.verify(request, 'answer', request.body);
        const actor = actorOf(request);
        const id = await answers.add(actor, request.body);
        await app.captcha.record(request, 'answer');
        const row = await answers.one(id, actor);
        const view = await posts.view(row.question_id, actor);
        const [info] = await answerInfos(request, answers, [row], () => view.row, viewerStates);
        return ok(request, { info: info!, question: await questionInfo(request, posts, view) });
      }),
  );

  app.get(
    '/answer/page',
    {
      config: { auth: 'pub' },
      schema: { querystring: AnswerPageQuery, response: responses(AnswerPage, [400, 401, 403, 404]) },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const page = request.query.page ?? 1;
      const size = request.query.page_size ?? 10;
      const order = request.query.order ?? 'default';
      const questionId = request.query.question_id?.trim();
      // No question (absent or empty, as Answer's own UI sends it): the answers of every question.
      if (!questionId) {
        const all = await answers.pageAll(order, (page - 1) * size, size, viewer);
        const list = await answerInfos(
          request,
          answers,
          all.rows,
          (row) => all.questions.get(row.question_id)!,
          viewerStates,
        );
        return ok(request, { count: all.count, list });
      }
      const { count, rows, question } = await answers.page(questionId, order, (page - 1) * size, size, viewer);
      return ok(request, { count, list: await answerInfos(request, answers, rows, () => question, viewerStates) });
    },
  );

  app.delete(
    '/answer',
    {
      config: { auth: 'active' },
      schema: { body: PostDeleteBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await answers.one(request.body.id, actor);
      await requirePermission(request, 'answer.delete', { ownerId: row.user_id });
      await app.captcha.verify(request, 'delete', request.body);
      await answers.remove(actor, row);
      await app.captcha.record(request, 'delete');
      return ok(request, null);
    },
  );

  app.get(
    '/answer/info',
    {
      config: { auth: 'pub' },
      schema: {
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 30 }) }),
        response: responses(AnswerWithQuestion, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const row = await answers.one(request.query.id, viewer);
      const view = await posts.view(row.question_id, viewer);
      const [info] = await answerInfos(request, answers, [row], () => view.row, viewerStates);
      return ok(request, { info: info!, question: await questionInfo(request, posts, view) });
    },
  );

  app.put(
    '/answer',
    {
      config: { auth: 'active' },
      schema: {
        body: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 30 }),
          question_id: Type.Optional(Type.String({ maxLength: 30 })),
          title: Type.Optional(Type.String({ maxLength: 150 })),
          content: Type.String({ maxLength: 65535 }),
          edit_summary: Type.Optional(Type.String({ maxLength: EDIT_SUMMARY_MAX })),
          captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
          captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: responses(Type.Object({ wait_for_review: Type.Boolean() }), [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await answers.one(request.body.id, actor);
      await requirePostEdit(request, 'answer', row.user_id);
      await app.captcha.verify(request, 'edit', request.body);
      const direct = await checkPermission(request, 'answer.edit_without_review', { ownerId: row.user_id });
      const waiting = await answers.edit(
        actor,
        row,
        request.body.content,
        request.body.edit_summary ?? '',
        direct.allowed,
      );
      await app.captcha.record(request, 'edit');
      return ok(request, { wait_for_review: waiting });
    },
  );

  app.post(
    '/answer/recover',
    {
      config: { auth: 'active' },
      schema: { body: AnswerRecoverBody, response: responses(Type.Null(), [400, 401, 403, 404]) },
    },
    async (request) => {
      await requirePermission(request, 'answer.undeleted');
      const actor = actorOf(request);
      await answers.recover(actor, await answers.one(request.body.answer_id, actor));
      return ok(request, null);
    },
  );

  app.post(
    '/answer/acceptance',
    {
      config: { auth: 'active' },
      schema: {
        body: Type.Object({
          question_id: Type.String({ minLength: 1, maxLength: 30 }),
          answer_id: Type.Optional(Type.String({ maxLength: 30 })),
        }),
        response: responses(Type.Null(), [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { row } = await posts.view(request.body.question_id, actor);
      await requirePermission(request, 'answer.accept', { ownerId: row.user_id });
      await answers.accept(row.id, request.body.answer_id?.trim() ?? '', actor);
      return ok(request, null);
    },
  );

  app.post(
    '/question/answer',
    {
      config: { auth: 'active' },
      schema: {
        body: Type.Object({
          title: QuestionTitle,
          content: PostContent,
          tags: PostTags,
          answer_content: Type.String({ maxLength: 65535 }),
          mention_username_list: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
          captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
          captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: responses(AnswerWithQuestion, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      guarded(guard, request, 'POST /question/answer', async () => {
        await requirePermission(request, 'question.add');
        await app.captcha.verify(request, 'question', request.body);
        const actor = actorOf(request);
        const body = request.body;
        // The answer is checked first, so a refused answer leaves no question behind.
        if (body.answer_content.trim().length < 6) {
          await answers.add(actor, { question_id: '0', content: body.answer_content });
        }
        const questionId = await posts.add(
          actor,
          { title: body.title, content: body.content, tags: body.tags },
          permitOf(request),
        );
        const answerId = await answers.add(actor, { question_id: questionId, content: body.answer_content });
        await app.captcha.record(request, 'question');
        const row = await answers.one(answerId, actor);
        const view = await posts.view(questionId, actor);
        const [info] = await answerInfos(request, answers, [row], () => view.row, viewerStates);
        return ok(request, { info: info!, question: await questionInfo(request, posts, view) });
      }),
  );
};
