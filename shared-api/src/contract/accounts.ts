import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';

// Account flows (docs/wire-contract.md): sign-up, activation, e-mail change, password
// reset and change, unsubscribe, and the user's own sessions. Passwords are 8 to 32 characters
// (code points), used exactly as sent; the server also refuses common passwords.

const Password = Type.String({ minLength: 8, maxLength: 32 });
const Email = Type.String({ format: 'email', maxLength: 500 });
/** An e-mailed code (43 base64url characters); longer values cannot be one. */
const Code = Type.String({ minLength: 1, maxLength: 500 });

/** POST user/register/email. `name` is the display name; the username is derived from it. */
export const RegisterEmailBody = Type.Object({
  name: Type.String({ maxLength: 30 }),
  e_mail: Email,
  pass: Password,
  ...CaptchaFields,
});
export type RegisterEmailBody = Static<typeof RegisterEmailBody>;

/** POST user/email/verification (the code of the activation link). Answers UserLogin. */
export const VerificationBody = Type.Object({ code: Code });
export type VerificationBody = Static<typeof VerificationBody>;

/** POST user/email/verification/send (a new activation mail). */
export const VerificationSendBody = Type.Object({ ...CaptchaFields });
export type VerificationSendBody = Static<typeof VerificationSendBody>;

/** POST user/email/change/code. `pass` is required once the current address is verified. */
export const EmailChangeCodeBody = Type.Object({
  e_mail: Email,
  pass: Type.Optional(Type.String({ maxLength: 32 })),
  ...CaptchaFields,
});
export type EmailChangeCodeBody = Static<typeof EmailChangeCodeBody>;

/** PUT user/email (the code of the confirmation link sent to the new address). Answers UserLogin. */
export const EmailChangeBody = Type.Object({ code: Code });
export type EmailChangeBody = Static<typeof EmailChangeBody>;

/** POST user/password/reset. Always answers null (no hint whether the address has an account). */
export const PasswordResetBody = Type.Object({ e_mail: Email, ...CaptchaFields });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** POST user/password/replacement (the code of the reset link and the new password). */
export const PasswordReplacementBody = Type.Object({ code: Code, pass: Password });
export type PasswordReplacementBody = Static<typeof PasswordReplacementBody>;

/** PUT user/password. `old_pass` is required when the account has a password. */
export const PasswordChangeBody = Type.Object({
  old_pass: Type.Optional(Type.String({ maxLength: 32 })),
  pass: Password,
  ...CaptchaFields,
});
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** PUT user/notification/unsubscribe (the code of a notification mail's unsubscribe link). */
export const UnsubscribeBody = Type.Object({ code: Code });
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

/** GET user/sessions item: one of the user's live logins. Times are Unix seconds. */
export const UserSessionItem = Type.Object({
  /** Opaque: the first 16 hex characters of the token's hash. */
  id: Type.String(),
  created_at: Type.Integer(),
  last_seen_at: Type.Integer(),
  ip: Type.String(),
  user_agent: Type.String(),
  /** The session of the request itself. */
  current: Type.Boolean(),
});
export type UserSessionItem = Static<typeof UserSessionItem>;

export const UserSessionList = Type.Array(UserSessionItem);
export type UserSessionList = Static<typeof UserSessionList>;

/** DELETE user/sessions: `{id}` ends one session, `{all_others: true}` every session but the current one. */
export const UserSessionDeleteBody = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$' })),
  all_others: Type.Optional(Type.Boolean()),
});
export type UserSessionDeleteBody = Static<typeof UserSessionDeleteBody>;
