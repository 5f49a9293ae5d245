import { Type } from 'typebox';
import { Value } from 'typebox/value';

const EmailSchema = Type.String({ format: 'email', maxLength: 500 });

/** Whether a value is an e-mail address (the schema's `email` format, at most 500 characters). */
export function isEmail(value: string): boolean {
  return Value.Check(EmailSchema, value);
}
