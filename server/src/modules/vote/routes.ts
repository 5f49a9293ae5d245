import { VoteBody, VoteResp } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiFailure, isApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import { requirePermission } from '../permission/require';
import type { Direction, VoteSource } from './service';

/** Vote errors are shown as toasts (docs/wire-contract.md): the same failure with `err_type: toast`. */
async function asToast<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isApiFailure(error) || error.fields) throw error;
    throw new ApiFailure(error.status, error.reason, {
      data: error.data,
      params: error.params,
      errType: 'toast',
    });
  }
}

/** POST vote/up and vote/down (docs/wire-contract.md), level `active`, under /answer/api/v1. */
export const voteRoutes: FastifyPluginAsyncTypebox<{ votes: VoteSource }> = async (app, { votes }) => {
  const handle = async (request: FastifyRequest, body: VoteBody, direction: Direction) => {
    const session = sessionOf(request);
    const target = await votes.target(body.object_id, { userId: Number(session.userId), roleId: session.roleId });
    if (target.type === 'comment' && direction === 'down') {
      throw new ApiFailure(400, 'error.vote.comment_down_not_allowed', { errType: 'toast' });
    }
    await asToast(() => requirePermission(request, `${target.type}.vote_${direction}`));
    if (String(target.authorId) === session.userId) {
      throw new ApiFailure(400, 'error.object.disallow_vote_your_self', { errType: 'toast' });
    }
    const cancel = body.is_cancel === true;
    if (!cancel) await app.captcha.verify(request, 'vote', body);
    const result = await votes.vote(Number(session.userId), target, direction, cancel);
    if (!cancel) await app.captcha.record(request, 'vote');
    return ok(request, result);
  };
  const schema = { body: VoteBody, response: responses(VoteResp, [400, 401, 403, 404]) };
  app.post('/vote/up', { config: { auth: 'active' }, schema }, async (request) => handle(request, request.body, 'up'));
  app.post('/vote/down', { config: { auth: 'active' }, schema }, async (request) =>
    handle(request, request.body, 'down'),
  );
};
