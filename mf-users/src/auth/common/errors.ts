import { isApiError } from '@agora/shared-api';
import type { TFunction } from 'i18next';

/** The text for a failure without field errors: the server's message, or our words for time-outs. */
export function errorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('auth.common.unknown_error');
  if (error.kind === 'timeout') return t('auth.common.timeout');
  if (error.kind === 'network') return t('auth.common.network');
  return error.fieldErrors[0]?.error_msg ?? (error.message || t('auth.common.unknown_error'));
}
