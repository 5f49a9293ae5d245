import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/auth';
import { isStaffRole } from './table';

/** Who acts: the session's user and role. */
export interface Actor {
  userId: number;
  roleId: number;
}

/**
 * A privilege check of the acting request (requirePermission bound to it): resolves when the actor
 * holds the permission, throws the 403 otherwise.
 */
export type Permit = (action: string) => Promise<void>;

/** The actor of a request that has a session (routes of level `active`). */
export function actorOf(request: FastifyRequest): Actor {
  const session = sessionOf(request);
  return { userId: Number(session.userId), roleId: session.roleId };
}

/** The viewer of a request: its actor, or `{}` for a visitor. */
export function viewerOf(request: FastifyRequest): Partial<Actor> {
  return request.session ? { userId: Number(request.session.userId), roleId: request.session.roleId } : {};
}

/** Administrators and moderators. */
export function isStaff(roleId: number | undefined): boolean {
  return isStaffRole(roleId);
}
