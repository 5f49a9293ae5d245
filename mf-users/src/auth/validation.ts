// Login/sign-up and password rules and their limits (docs/product-rules.md). The server checks them again; its field errors win.

export const NAME_MAX = 30;
export const EMAIL_MAX = 500;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** Sign-up name characters: a-z, 0-9, space, hyphen, period, underscore (either letter case). */
const NAME_CHARACTERS = /^[a-z0-9 ._-]+$/i;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Length in characters (code points), as the server counts. */
export const lengthOf = (value: string) => [...value].length;

export const isEmail = (value: string) => EMAIL.test(value.trim());
export const hasNameCharacters = (value: string) => NAME_CHARACTERS.test(value.trim());
export const isPasswordLength = (value: string) => lengthOf(value) >= PASSWORD_MIN && lengthOf(value) <= PASSWORD_MAX;
