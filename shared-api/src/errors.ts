import type { ErrType, FieldError, ForbiddenType } from './contract/envelope';

/** Why a request failed, as far as the UI cares. */
export type ApiErrorKind = 'http' | 'timeout' | 'network';

/**
 * The one error type every API call rejects with. It carries what the envelope said; presenting it
 * (toast, modal, redirect) is the shell's job, never the client's.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 for timeouts and network failures. */
  readonly status: number;
  /** i18n reason key from the envelope, e.g. `error.question.not_found`. */
  readonly reason: string;
  readonly errType: ErrType | undefined;
  readonly forbiddenType: ForbiddenType | undefined;
  readonly fieldErrors: readonly FieldError[];
  /** The raw `data` of the error envelope. */
  readonly data: unknown;
  /** Path of the request (without origin), useful for the admin-API 403 rule. */
  readonly path: string;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    reason: string;
    message: string;
    data?: unknown;
    path?: string;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.reason = init.reason;
    this.data = init.data ?? null;
    this.path = init.path ?? '';
    const data = init.data;
    this.fieldErrors = Array.isArray(data) ? data.filter(isFieldError) : [];
    const hint = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
    this.errType = isErrType(hint.err_type) ? hint.err_type : undefined;
    this.forbiddenType = isForbiddenType(hint.type) ? hint.type : undefined;
  }

  /** Field errors as a map, ready for a form. */
  fieldMap(): Record<string, string> {
    return Object.fromEntries(this.fieldErrors.map((f) => [f.error_field, f.error_msg]));
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FieldError).error_field === 'string' &&
    typeof (value as FieldError).error_msg === 'string'
  );
}

function isErrType(value: unknown): value is ErrType {
  return value === 'toast' || value === 'alert' || value === 'modal';
}

function isForbiddenType(value: unknown): value is ForbiddenType {
  return value === 'inactive' || value === 'url_expired' || value === 'suspended';
}
