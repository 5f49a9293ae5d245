import { api, type CurrentUser } from '@agora/shared-api';

// The account endpoints (answer-api.md §2.2, §1.5). Every call resolves with the envelope's data and
// rejects with ApiError; the screens pass `meta: { passingError: true }` and show errors on their fields.

/** The captcha actions these screens use (answer-api.md §1.5). */
export type CaptchaAction = 'email' | 'password' | 'edit_userinfo';

/** GET user/action/record: whether the next action needs a captcha, and a fresh one when it does. */
export interface ActionRecord {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

export interface CaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

/** What login, sign-up and e-mail confirmations answer with (UserLogin; enough of it for the session). */
export type UserLogin = CurrentUser & { access_token: string; suspended_until?: number };

export const accountApi = {
  actionRecord: (action: CaptchaAction) => api.get<ActionRecord>('user/action/record', { action }),
  login: (body: { e_mail: string; pass: string } & CaptchaAnswer) => api.post<UserLogin>('user/login/email', body),
  register: (body: { name: string; e_mail: string; pass: string } & CaptchaAnswer) =>
    api.post<UserLogin>('user/register/email', body),
  requestPasswordReset: (body: { e_mail: string } & CaptchaAnswer) => api.post<null>('user/password/reset', body),
  replacePassword: (body: { code: string; pass: string }) => api.post<null>('user/password/replacement', body),
  verifyEmail: (code: string) => api.post<UserLogin>('user/email/verification', { code }),
  resendActivation: (body: CaptchaAnswer) => api.post<null>('user/email/verification/send', body),
  requestEmailChange: (body: { e_mail: string; pass?: string } & CaptchaAnswer) =>
    api.post<null>('user/email/change/code', body),
  confirmNewEmail: (code: string) => api.put<UserLogin>('user/email', { code }),
};

/** Reasons the screens recognise (server/src/i18n). */
export const REASONS = {
  captchaFailed: 'error.object.captcha_verification_failed',
  resetUrlInvalid: 'error.password.reset_url_invalid',
  verifyUrlExpired: 'error.email.verify_url_expired',
  suspended: 'error.user.suspended',
} as const;
