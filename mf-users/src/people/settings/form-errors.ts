import { isApiError } from '@agora/shared-api';
import type { FormInstance } from '@agora/shared-ui/antd';
import { applyFieldErrors } from '@agora/shared-ui/antd';

/**
 * Puts the server's field errors on the form's fields (aliases map a wire field to a form field); answers
 * the messages that fit no field, or the error's message when there are none.
 */
export function applyServerErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  return applyFieldErrors(form, error, fields, aliases) ?? (error.message ? [error.message] : []);
}

/** True when `message` is the server's message for the captcha field (shown on that field instead). */
export function isCaptchaMessage(error: unknown, message: string): boolean {
  return (
    isApiError(error) && error.fieldErrors.some((e) => e.error_field === 'captcha_code' && e.error_msg === message)
  );
}

// Shared with the account screens.
export { check, confirmPasswordRules } from '@agora/shared-ui/antd';
