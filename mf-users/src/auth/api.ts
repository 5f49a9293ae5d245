import { api, fetchActionRecord, type CurrentUser } from '@agora/shared-api';
import { useMutation } from '@tanstack/react-query';

// The account endpoints. Every call resolves with the envelope's data and
// rejects with ApiError; the screens pass `meta: { passingError: true }` and show errors on their fields.

export interface CaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

/** What login, sign-up and e-mail confirmations answer with (UserLogin; enough of it for the session). */
export type UserLogin = CurrentUser & { access_token: string; suspended_until?: number };

export const accountApi = {
  actionRecord: fetchActionRecord,
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

// One hook per account write; the screens show failures on their fields (the shell shows none of them).
const passing = { meta: { passingError: true } } as const;
export const useLogin = () => useMutation({ mutationFn: accountApi.login, ...passing });
export const useRegister = () => useMutation({ mutationFn: accountApi.register, ...passing });
export const useRequestPasswordReset = () => useMutation({ mutationFn: accountApi.requestPasswordReset, ...passing });
export const useReplacePassword = () => useMutation({ mutationFn: accountApi.replacePassword, ...passing });
export const useRequestEmailChange = () => useMutation({ mutationFn: accountApi.requestEmailChange, ...passing });
