// What the admin forms check before sending (docs/product-rules.md, "Accounts"); the server checks again
// and its field errors land on the same fields. Lengths count characters (code points), as the server does.

export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 30;
export {
  EMAIL_MAX,
  isEmail,
  isPasswordLength,
  isSingleLine,
  lengthOf,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@agora/shared-api';
