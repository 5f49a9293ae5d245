import type { MemberAction } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import { checkPermission, type PermissionOptions } from './require';

/** How the UI offers each action (MemberAction `type`, docs/wire-contract.md); anything else asks to confirm. */
const ACTION_TYPES: Record<string, string> = {
  report: 'reason',
  edit: 'edit',
  merge: 'edit',
  invite_other_to_answer: 'edit',
  delete: 'confirm',
  undelete: 'confirm',
  close: 'confirm',
  reopen: 'confirm',
  pin: 'confirm',
  unpin: 'confirm',
  hide: 'confirm',
  show: 'confirm',
};

/** One action as the wire names it, its label in the request's language. */
export function memberAction(request: FastifyRequest, action: string): MemberAction {
  return { action, name: request.t(`post_action.${action}`), type: ACTION_TYPES[action] ?? 'confirm' };
}

/**
 * An action offered when the caller holds `permission` (ownership counts through `options.ownerId`)
 * and `allowed` is not false: the state rule the route itself enforces for that caller (e.g. who may
 * delete a question with answers), computed by the same function the route calls. A `null` permission
 * leaves the whole decision to `allowed` (a rule that is more than one privilege, such as editing).
 */
export type WantedAction = [action: string, permission: string | null, options?: PermissionOptions, allowed?: boolean];

/**
 * The actions among `wanted` the caller may do, in the order given (member_actions of questions,
 * answers and tags); none for visitors.
 */
export async function memberActions(request: FastifyRequest, wanted: WantedAction[]): Promise<MemberAction[]> {
  if (!request.session) return [];
  const offered = wanted.filter(([, , , allowed]) => allowed !== false);
  const decisions = await Promise.all(
    offered.map(([, permission, options]) =>
      permission === null ? { allowed: true } : checkPermission(request, permission, options),
    ),
  );
  return offered.filter((_, i) => decisions[i]!.allowed).map(([action]) => memberAction(request, action));
}
