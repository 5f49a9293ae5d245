// The captcha of a protected action. shared-ui never calls the API: the remote hands
// in how to load an action record (GET user/action/record?action=…), e.g. `(a) => api.get('user/action/record', { action: a })`.

/** The form field a captcha answer lives in; the server's field errors name it too. */
export const CAPTCHA_FIELD = 'captcha_code';

/** GET user/action/record: `verify` says whether the next action needs a captcha; id and image come with it. */
export interface CaptchaRecord {
  captcha_id: string;
  /** A `data:image/png;base64,…` URL ('' when no captcha is needed). */
  captcha_img: string;
  verify: boolean;
}

/** What an action's body carries for the captcha: both absent when none was asked for. */
export interface CaptchaAnswer {
  captcha_id?: string;
  captcha_code?: string;
}

/** Loads the action record of `action`: a fresh captcha each time one is required (they are single use). */
export type CaptchaLoader<A extends string = string> = (action: A) => Promise<CaptchaRecord>;

interface FieldErrorLike {
  error_field: string;
  error_msg: string;
}

/**
 * The server's message when a failure is about the captcha (missing, wrong, expired, used): the field error
 * naming `captcha_code`. Reads the `fieldErrors` list the API client's errors carry (shared-api ApiError);
 * null for anything else.
 */
export function captchaMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const list = (error as { fieldErrors?: unknown }).fieldErrors;
  if (!Array.isArray(list)) return null;
  const hit = (list as unknown[]).find(
    (e): e is FieldErrorLike =>
      !!e &&
      typeof e === 'object' &&
      (e as FieldErrorLike).error_field === CAPTCHA_FIELD &&
      typeof (e as FieldErrorLike).error_msg === 'string',
  );
  return hit ? hit.error_msg : null;
}

/** True when the failure names the captcha field. */
export const isCaptchaError = (error: unknown): boolean => captchaMessage(error) !== null;
