import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldError } from '@agora/shared-api/contract';
import { translate, type Language } from '../i18n';
import { ApiFailure, isApiFailure, type FieldFailure } from '../lib/api-failure';
import { fieldFailures } from '../lib/validation-messages';

export interface ErrorEnvelopeBody {
  code: number;
  reason: string;
  msg: string;
  data: null | FieldError[] | Record<string, unknown>;
}

/** Reasons for the 4xx errors Fastify itself raises (body parsing, routing, limits). */
const REASON_BY_STATUS: Record<number, string> = {
  400: 'base.request_format_error',
  401: 'base.unauthorized_error',
  403: 'base.forbidden_error',
  404: 'base.not_found',
  405: 'base.method_not_allowed',
  408: 'base.request_timeout',
  413: 'base.request_too_large',
  415: 'base.unsupported_media_type',
  429: 'base.too_many_requests',
};

function translateFields(fields: FieldFailure[], lang: Language): FieldError[] {
  return fields.map((f) => ({ error_field: f.field, error_msg: translate(f.reason, lang, f.params) }));
}

function failureBody(failure: ApiFailure, lang: Language): ErrorEnvelopeBody {
  if (failure.fields?.length) {
    const data = translateFields(failure.fields, lang);
    const msg = data.length === 1 && data[0] ? data[0].error_msg : translate(failure.reason, lang, failure.params);
    return { code: failure.status, reason: failure.reason, msg, data };
  }
  const hint = failure.errType ? { ...failure.data, err_type: failure.errType } : failure.data;
  return {
    code: failure.status,
    reason: failure.reason,
    msg: translate(failure.reason, lang, failure.params),
    data: hint,
  };
}

/** Turns any thrown value into the status and envelope the client sees; `expected` is false for bugs. */
export function toErrorEnvelope(error: unknown, lang: Language): { body: ErrorEnvelopeBody; expected: boolean } {
  if (isApiFailure(error)) return { body: failureBody(error, lang), expected: true };
  const fastifyError = error as Partial<FastifyError> | undefined;
  const validation = fastifyError?.validation as FastifySchemaValidationError[] | undefined;
  if (Array.isArray(validation)) {
    return { body: failureBody(ApiFailure.fields(fieldFailures(validation)), lang), expected: true };
  }
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, ...): say what kind, nothing more.
    const reason = REASON_BY_STATUS[status] ?? 'base.request_format_error';
    return { body: { code: status, reason, msg: translate(reason, lang), data: null }, expected: true };
  }
  return {
    body: { code: 500, reason: 'base.unknown', msg: translate('base.unknown', lang), data: null },
    expected: false,
  };
}

/**
 * The one error handler: domain failures, validation and Fastify's client errors map onto the
 * envelope; anything unexpected becomes a 500 `base.unknown` whose details only reach the log.
 */
async function errors(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { body, expected } = toErrorEnvelope(error, request.lang);
    if (!expected) request.log.error({ err: error }, 'unhandled error');
    else if (body.code >= 500) request.log.warn({ reason: body.reason }, 'request refused');
    else request.log.info({ reason: body.reason, status: body.code }, 'request failed');
    return reply.code(body.code).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errors, { name: 'errors', dependencies: ['i18n'] });
