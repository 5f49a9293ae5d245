// Client checks of the settings forms. The server checks every value again; its field errors win.
import type { Rule } from '@agora/shared-ui/antd';

import { isHttpUrl, isSingleLine, lengthOf } from '@agora/shared-api';

export { isEmail, isHttpUrl, isSingleLine, lengthOf } from '@agora/shared-api';

/** A site-relative path (an uploaded file, `/uploads/...`) or an http(s) address. */
export const isImageAddress = (value: string) => /^\/(?!\/)\S*$/.test(value.trim()) || isHttpUrl(value);

const reject = (message: string) => Promise.reject(new Error(message));

/** One validator from a check that answers the message of the first failure, or null. */
export function textRule(test: (value: string) => string | null): Rule {
  return {
    validator: (_rule, value) => {
      const message = test(typeof value === 'string' ? value : '');
      return message ? reject(message) : Promise.resolve();
    },
  };
}

/** A whole number from `min` to `max`; `messages.empty` when nothing is entered. */
export function integerRule(min: number, max: number, messages: { empty: string; range: string }): Rule {
  return {
    validator: (_rule, value) => {
      if (value === null || value === undefined || value === '') return reject(messages.empty);
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) return reject(messages.range);
      return Promise.resolve();
    },
  };
}

/**
 * A required text of at most `max` characters (trimmed) that, when `valid` is given, passes it. With
 * `messages.oneLine`, a line break, tab or other control character is refused first (as the server does).
 */
export function requiredText(
  max: number,
  messages: { empty: string; tooLong: string; invalid?: string; oneLine?: string },
  valid?: (value: string) => boolean,
): Rule[] {
  return [
    textRule((v) => {
      if (messages.oneLine && !isSingleLine(v.trim())) return messages.oneLine;
      if (!v.trim()) return messages.empty;
      if (lengthOf(v.trim()) > max) return messages.tooLong;
      if (valid && !valid(v)) return messages.invalid ?? null;
      return null;
    }),
  ];
}
