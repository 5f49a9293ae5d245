// @agora/shared-ui/captcha: the captcha of protected actions (the action-record flow of docs/wire-contract.md). Light: no antd
// until a captcha dialog is shown (useCaptchaGate loads it then); the inline form field is the antd entry
// @agora/shared-ui/captcha-field. It never calls the API itself: callers pass `load(action)`
// (GET user/action/record?action=…).
export { useCaptcha, captchaAnswer } from './use-captcha';
export type { Captcha, UseCaptchaOptions } from './use-captcha';
export { useCaptchaGate } from './captcha-gate';
export type { CaptchaGate, CaptchaGateResult, UseCaptchaGateOptions } from './captcha-gate';
export { CAPTCHA_FIELD, captchaMessage, isCaptchaError } from './types';
export type { CaptchaAnswer, CaptchaLoader, CaptchaRecord } from './types';
