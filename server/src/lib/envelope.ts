import { ErrorEnvelope, Envelope } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';

export const SUCCESS = 'base.success';

/** The success envelope (docs/wire-contract.md): always HTTP 200 with `reason: base.success`. */
export function ok<T>(request: FastifyRequest, data: T): { code: 200; reason: string; msg: string; data: T } {
  return { code: 200, reason: SUCCESS, msg: request.t(SUCCESS), data };
}

type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 503;

/**
 * Response schemas for a route: the 200 envelope around `data`, plus the error envelope for each
 * error status the route can answer with and for 5xx (every route can fail unexpectedly).
 */
export function responses<T extends TSchema, const E extends readonly ErrorStatus[] = []>(data: T, errors?: E) {
  const out: Record<string, TSchema> = { 200: Envelope(data), '5xx': ErrorEnvelope };
  for (const status of errors ?? []) out[status] = ErrorEnvelope;
  return out as { 200: ReturnType<typeof Envelope<T>>; '5xx': typeof ErrorEnvelope } & {
    [K in E[number]]: typeof ErrorEnvelope;
  };
}
