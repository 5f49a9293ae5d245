// What the admin forms check before sending (docs/product-rules.md, "Accounts"); the server checks again
// and its field errors land on the same fields. Lengths count characters (code points), as the server does.

export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export const EMAIL_MAX = 500;

export const lengthOf = (value: string) => [...value].length;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmail = (value: string) => EMAIL.test(value.trim()) && lengthOf(value.trim()) <= EMAIL_MAX;

export const isPasswordLength = (value: string) => lengthOf(value) >= PASSWORD_MIN && lengthOf(value) <= PASSWORD_MAX;
