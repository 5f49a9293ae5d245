import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../lib/api-failure';
import { sessionOf } from '../../plugins/auth';
import { decide, type PermissionDecision, type PrivilegeSource } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reputation thresholds per permission (docs/product-rules.md) of the site. */
    privileges: PrivilegeSource;
  }
}

export interface PermissionOptions {
  /** The owner of the object acted on: ownership grants the action (docs/product-rules.md). */
  ownerId?: string | number | null;
}

/**
 * Whether the request's user may do `action` (a permission name such as `question.edit`): admins and
 * moderators hold every permission, members need the threshold's reputation, an owner passes when
 * `ownerId` names them. The user's reputation is read fresh (it changes with every vote).
 */
export async function checkPermission(
  request: FastifyRequest,
  action: string,
  options: PermissionOptions = {},
): Promise<PermissionDecision> {
  const session = sessionOf(request);
  if (options.ownerId !== undefined && options.ownerId !== null && String(options.ownerId) === session.userId) {
    return { allowed: true };
  }
  const app = request.server;
  const [thresholds, user] = await Promise.all([app.privileges.thresholds([action]), app.users.currentUser(session)]);
  return decide(action, session.roleId, user?.rank ?? 0, thresholds.get(action));
}

/**
 * Which of `actions` the request's user holds (roles and reputation; no ownership), with one read of
 * the thresholds and one of the user.
 */
export async function allowedActions(request: FastifyRequest, actions: readonly string[]): Promise<Set<string>> {
  const session = sessionOf(request);
  const app = request.server;
  const [thresholds, user] = await Promise.all([app.privileges.thresholds(actions), app.users.currentUser(session)]);
  return new Set(
    actions.filter((action) => decide(action, session.roleId, user?.rank ?? 0, thresholds.get(action)).allowed),
  );
}

/**
 * Whether the request's user may edit a question or an answer: the owner and holders of `{type}.edit`,
 * and below that privilege any member with an active account, whose edit is then a suggestion for the
 * review queue (an edit applies at once only with `{type}.edit_without_review` or to one's own post).
 */
export async function mayEditPost(
  request: FastifyRequest,
  type: 'question' | 'answer',
  ownerId: string | number,
): Promise<boolean> {
  if (sessionOf(request).status === 'normal') return true;
  return (await checkPermission(request, `${type}.edit`, { ownerId })).allowed;
}

/** Throws 403 unless the request's user may edit (or suggest an edit of) a question or an answer. */
export async function requirePostEdit(
  request: FastifyRequest,
  type: 'question' | 'answer',
  ownerId: string | number,
): Promise<void> {
  if (await mayEditPost(request, type, ownerId)) return;
  await requirePermission(request, `${type}.edit`, { ownerId });
}

/**
 * Throws 403 unless the request's user may do `action`: `error.rank.no_enough_rank_to_operate` (with the
 * reputation needed) when reputation is short, `error.rank.fail_to_meet_the_condition` otherwise.
 */
export async function requirePermission(
  request: FastifyRequest,
  action: string,
  options: PermissionOptions = {},
): Promise<void> {
  const decision = await checkPermission(request, action, options);
  if (decision.allowed) return;
  if (decision.reason === 'reputation') {
    throw new ApiFailure(403, 'error.rank.no_enough_rank_to_operate', { params: { rank: decision.required ?? 0 } });
  }
  throw new ApiFailure(403, 'error.rank.fail_to_meet_the_condition');
}
