import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/auth';
import type { Viewer } from './mapping';

/** The logged-in member of a request, or null. */
export const viewerOf = (request: FastifyRequest): Viewer | null =>
  request.session ? { userId: Number(request.session.userId), roleId: request.session.roleId } : null;

/** The logged-in member of a request on a route that requires one. */
export const activeViewer = (request: FastifyRequest): Viewer => {
  const session = sessionOf(request);
  return { userId: Number(session.userId), roleId: session.roleId };
};
