// Login/sign-up and password rules and their limits (docs/product-rules.md). The server checks them again; its field errors win.
// The e-mail and password rules are every form's (@agora/shared-api); the name rules are sign-up's.
export { EMAIL_MAX, isEmail, isPasswordLength, lengthOf, PASSWORD_MAX, PASSWORD_MIN } from '@agora/shared-api';

export const NAME_MAX = 30;

/** Sign-up name characters: a-z, 0-9, space, hyphen, period, underscore (either letter case). */
const NAME_CHARACTERS = /^[a-z0-9 ._-]+$/i;

export const hasNameCharacters = (value: string) => NAME_CHARACTERS.test(value.trim());
