import type { ErrType, ForbiddenType } from '@agora/shared-api/contract';
import type { TranslateParams } from '../i18n';

/** One field's failure before translation: the error handler turns it into `{error_field, error_msg}`. */
export interface FieldFailure {
  field: string;
  reason: string;
  params?: TranslateParams;
}

export interface ApiFailureOptions {
  /** A hint object for the UI (`{type}` on 403, anything else a caller needs). */
  data?: Record<string, unknown> | null;
  /** How the UI should present the message (docs/wire-contract.md). */
  errType?: ErrType;
  /** Placeholders for the reason's text. */
  params?: TranslateParams;
  /** Field failures: sent as a translated `[{error_field, error_msg}]` array. */
  fields?: FieldFailure[];
}

/**
 * A failure the client is meant to see: the one error handler maps it onto the envelope with
 * `code = status`, `reason`, and `msg` translated into the request's language.
 */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly status: number;
  readonly reason: string;
  readonly data: Record<string, unknown> | null;
  readonly errType: ErrType | undefined;
  readonly params: TranslateParams | undefined;
  readonly fields: FieldFailure[] | undefined;

  constructor(status: number, reason: string, options: ApiFailureOptions = {}) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.data = options.data ?? null;
    this.errType = options.errType;
    this.params = options.params;
    this.fields = options.fields;
  }

  static badRequest(reason = 'base.request_format_error', options?: ApiFailureOptions): ApiFailure {
    return new ApiFailure(400, reason, options);
  }

  /** 400 with field errors; `msg` becomes the field's own message when there is exactly one. */
  static fields(fields: FieldFailure[], reason = 'base.request_format_error'): ApiFailure {
    return new ApiFailure(400, reason, { fields });
  }

  static unauthorized(reason = 'base.unauthorized_error'): ApiFailure {
    return new ApiFailure(401, reason);
  }

  static forbidden(reason = 'base.forbidden_error', type?: ForbiddenType): ApiFailure {
    return new ApiFailure(403, reason, type ? { data: { type } } : {});
  }

  static notFound(reason = 'base.not_found'): ApiFailure {
    return new ApiFailure(404, reason);
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}
