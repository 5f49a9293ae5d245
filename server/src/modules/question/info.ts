import type { MemberAction, QuestionInfo } from '@agora/shared-api/contract';
import { toShortId, usesShortIds } from '@agora/shared-api/short-id';
import type { FastifyRequest } from 'fastify';
import { hasTranslation } from '../../i18n';
import { urlTitle, plainExcerpt } from '../../lib/text';
import { seconds } from '../../lib/time';
import { memberAction, memberActions, type WantedAction } from '../permission/member-actions';
import { checkPermission, mayEditPost } from '../permission/require';
import { actorOf } from '../post/actor';
import { isLive } from '../visibility/rule';
import type { QuestionPostService, QuestionView } from './posts';
import { PIN, QUESTION_STATUS, SHOW } from './table';

/** The shapes of a question on the wire: QuestionInfo (GET question/info and answers' replies) and its address. */

const wireId = (id: string | null | undefined) => id ?? '0';

/**
 * The address of a question as the site writes its links (the site_seo permalink setting): modes 1
 * and 3 add the url title, 3 and 4 use the short id.
 */
export function questionUrl(siteUrl: string, id: string, title: string, permalink: number): string {
  const shown = usesShortIds(permalink) ? toShortId(id) : id;
  const slug = permalink === 1 || permalink === 3 ? urlTitle(title) : '';
  const path = `/questions/${encodeURIComponent(shown)}${slug ? `/${slug}` : ''}`;
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * What the viewer may do on a question, in Answer's order; none for visitors. Each action is offered
 * only when its route would accept it: the same permission, and the same state rules (report needs a
 * live question the viewer has no pending flag on, delete asks QuestionPostService.deletable as DELETE
 * question does).
 */
async function questionActions(
  request: FastifyRequest,
  posts: QuestionPostService,
  view: QuestionView,
  reported: boolean,
): Promise<MemberAction[]> {
  const { row } = view;
  if (!request.session) return [];
  const owner = { ownerId: row.user_id };
  const wanted: WantedAction[] = [];
  if (row.status === QUESTION_STATUS.deleted) {
    wanted.push(['undelete', 'question.undeleted']);
  } else {
    const [deletable, editable] = await Promise.all([
      posts.deletable(actorOf(request), row),
      mayEditPost(request, 'question', row.user_id),
    ]);
    wanted.push(
      ['report', 'report.add', {}, isLive({ question: row }) && !reported],
      ['edit', null, owner, editable],
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
 * Extra actions on a question (QuestionInfo.extends_actions): inviting others to answer, for a viewer
 * holding answer.invite_someone_to_answer while the question is open.
 */
async function extendsActions(request: FastifyRequest, view: QuestionView): Promise<MemberAction[]> {
  if (!request.session || view.row.status !== QUESTION_STATUS.open) return [];
  const decision = await checkPermission(request, 'answer.invite_someone_to_answer');
  if (!decision.allowed) return [];
  return [memberAction(request, 'invite_other_to_answer')];
}

/**
 * What a closed question's notice says (QuestionInfo.operation): the close reason's name in the
 * request's language (the stored name when the catalogue has none), or a plain "closed" when the
 * stored close type names no reason.
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
      ? { voteStatus: '' as const, collected: false, followed: false, firstAnswerId: null, reported: false }
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
    reported: state.reported,
    member_actions: await questionActions(request, posts, view, state.reported),
    extends_actions: await extendsActions(request, view),
  };
}
