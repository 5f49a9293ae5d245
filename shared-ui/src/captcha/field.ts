// @agora/shared-ui/captcha-field: the inline captcha of a form (an antd Form.Item with the image). antd, and
// so HEAVY like ./antd: import it only from screens that show an antd form anyway (login, sign-up...).
export { CaptchaField, CaptchaImage, afterCaptchaFailure } from './captcha-field';
export type { CaptchaFieldProps } from './captcha-field';
