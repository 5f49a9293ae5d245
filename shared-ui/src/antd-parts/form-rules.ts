import { isApiError } from '@agora/shared-api';
import type { FormInstance } from 'antd';

export type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** One validator per field: the first failing check's message, or none. */
export function check(test: (value: string) => string | null): Rule[] {
  return [
    {
      validator: (_rule, value) => {
        const message = test(typeof value === 'string' ? value : '');
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/**
 * Puts the server's field errors ([{error_field, error_msg}]) onto the form's fields and focuses the first;
 * `aliases` maps a server field to a form field (e.g. username → name). Returns the messages that name no
 * field of the form, or null when the failure carries no field errors at all (the caller words it).
 */
export function applyFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): string[] | null {
  if (!isApiError(error) || error.fieldErrors.length === 0) return null;
  const rest: string[] = [];
  const known: { name: string; errors: string[] }[] = [];
  for (const e of error.fieldErrors) {
    const name = aliases[e.error_field] ?? e.error_field;
    if (fields.includes(name)) known.push({ name, errors: [e.error_msg] });
    else rest.push(e.error_msg);
  }
  form.setFields(known as Parameters<FormInstance<T>['setFields']>[0]);
  const first = known[0];
  if (first) form.focusField(first.name as Parameters<FormInstance<T>['focusField']>[0]);
  return rest;
}

/**
 * The second entry of a new password (the two must match): required, and equal to the field named
 * `field`. Give the Form.Item `dependencies={[field]}` so a change of the first entry checks it again.
 */
export function confirmPasswordRules(messages: { empty: string; mismatch: string }, field = 'pass') {
  return [
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: (_rule: unknown, value: unknown) => {
        const v = typeof value === 'string' ? value : '';
        if (!v) return Promise.reject(new Error(messages.empty));
        if (v !== getFieldValue(field)) return Promise.reject(new Error(messages.mismatch));
        return Promise.resolve();
      },
    }),
  ];
}
