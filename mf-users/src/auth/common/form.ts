import type { FormInstance } from '@agora/shared-ui/antd';
import type { TFunction } from 'i18next';
import { applyFieldErrors } from '@agora/shared-ui/antd';
import { errorText } from './errors';

// The form rules and field-error mapping come from @agora/shared-ui/antd (shared with every remote).
export { check, confirmPasswordRules, type Rule } from '@agora/shared-ui/antd';

/**
 * Puts the server's field errors onto the form's fields (see applyFieldErrors) and returns the text for an
 * alert above the form: the messages that name no field of the form, or the message of a failure without
 * field errors; null when everything landed on a field.
 */
export function formFailure<T extends object>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  t: TFunction,
  aliases: Record<string, string> = {},
): string | null {
  const rest = applyFieldErrors(form, error, fields, aliases);
  if (rest === null) return errorText(error, t);
  return rest.length ? rest.join(' ') : null;
}
