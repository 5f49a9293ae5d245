import { isSingleLine } from '@agora/shared-api/field-rules';
import type { FieldFailure } from './api-failure';

export { isSingleLine };

/**
 * The reason of a one-line field (a name, an address, a host, a mail sender) that holds a line break,
 * a tab or another control character. The forms check the same rule (shared-api field-rules) before
 * they send; the server refuses the value whatever the client did.
 */
export const SINGLE_LINE_REASON = 'validation.single_line';

/** The field failure of a one-line value that is not one line, or null. */
export function singleLineFailure(field: string, value: string): FieldFailure | null {
  return isSingleLine(value) ? null : { field, reason: SINGLE_LINE_REASON };
}
