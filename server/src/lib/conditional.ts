import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/**
 * Sends `body` with an ETag (a hash of the body) and, when known, Last-Modified; answers 304 without a
 * body when the request's If-None-Match or If-Modified-Since shows the client already holds it (the
 * `fresh` package applies HTTP's precedence rules: an ETag comparison wins over the date).
 */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  options: { type: string; lastModified?: number; maxAgeSeconds?: number; shared: boolean },
): FastifyReply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.type(options.type).header('ETag', etag);
  // A private (login-required) site's answers are for the member's browser only, never a shared cache.
  const scope = options.shared ? 'public' : 'private';
  reply.header('Cache-Control', `${scope}, max-age=${options.maxAgeSeconds ?? 0}, must-revalidate`);
  if (options.lastModified) reply.header('Last-Modified', new Date(options.lastModified).toUTCString());
  const responseHeaders = {
    etag,
    ...(options.lastModified ? { 'last-modified': new Date(options.lastModified).toUTCString() } : {}),
  };
  if ((request.method === 'GET' || request.method === 'HEAD') && fresh(request.headers, responseHeaders)) {
    return reply.code(304).send();
  }
  return reply.send(body);
}
