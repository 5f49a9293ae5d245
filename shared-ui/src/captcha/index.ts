// @agora/shared-ui/captcha: the captcha of protected actions (answer-api.md §1.5, SPEC §8), antd-based and
// so HEAVY like ./antd: import it only from lazily loaded screens. It never calls the API itself: callers
// pass `load(action)` (GET user/action/record?action=…).
export { useCaptcha, captchaAnswer } from './use-captcha';
export type { Captcha, UseCaptchaOptions } from './use-captcha';
export { CaptchaField, CaptchaImage, afterCaptchaFailure } from './captcha-field';
export type { CaptchaFieldProps } from './captcha-field';
export { useCaptchaGate } from './captcha-gate';
export type { CaptchaGate, CaptchaGateResult, UseCaptchaGateOptions } from './captcha-gate';
export { CAPTCHA_FIELD, captchaMessage, isCaptchaError } from './types';
export type { CaptchaAnswer, CaptchaLoader, CaptchaRecord } from './types';
