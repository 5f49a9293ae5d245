import { Form, Input, type FormInstance } from 'antd';
import { useId, useState } from 'react';
import { Button } from '../antd-parts/pending-button';
import { useSharedUiTranslation } from '../i18n/register';
import { CAPTCHA_FIELD, captchaMessage } from './types';
import type { Captcha } from './use-captcha';
import './captcha.css';

/** The captcha image with a button for another one. */
export function CaptchaImage({ src, onRefresh }: { src: string; onRefresh(): Promise<unknown> }) {
  const { t } = useSharedUiTranslation();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <div className="agora-captcha">
      <img className="agora-captcha__img" src={src} alt={t('captcha.image_alt')} />
      <Button htmlType="button" onClick={() => void refresh()} loading={refreshing}>
        {t('captcha.refresh')}
      </Button>
    </div>
  );
}

export interface CaptchaFieldProps {
  captcha: Captcha;
  /** Focus the code field when it appears (the captcha dialog). */
  autoFocus?: boolean;
}

/**
 * The inline captcha of an antd Form: the image, a button for another image and the labelled code field
 * (name `captcha_code`, required), shown only while the server asks for a captcha. Server errors reach the
 * field through the form (afterCaptchaFailure, or the form's own field-error mapping).
 */
export function CaptchaField({ captcha, autoFocus }: CaptchaFieldProps) {
  const { t } = useSharedUiTranslation();
  const id = useId();
  if (!captcha.required || !captcha.record) return null;
  const inputId = `${id}-captcha`;
  return (
    <Form.Item label={t('captcha.label')} htmlFor={inputId} required className="agora-captcha-item">
      <CaptchaImage src={captcha.record.captcha_img} onRefresh={captcha.refresh} />
      <Form.Item
        name={CAPTCHA_FIELD}
        noStyle
        rules={[{ required: true, whitespace: true, message: t('captcha.empty') }]}
      >
        <Input id={inputId} autoComplete="off" autoCapitalize="off" spellCheck={false} autoFocus={autoFocus} />
      </Form.Item>
    </Form.Item>
  );
}

/**
 * After a failed protected action: the captcha was used up, so clear the answer, show the server's message
 * on the captcha field when it names it (and focus it), and load a fresh record (which may also say that a
 * captcha is now required, e.g. after failed logins). Resolves with the new record.
 */
export function afterCaptchaFailure<T extends object>(form: FormInstance<T>, captcha: Captcha, error: unknown) {
  const message = captchaMessage(error);
  const field = [{ name: CAPTCHA_FIELD, value: '', errors: message ? [message] : [] }];
  form.setFields(field as unknown as Parameters<FormInstance<T>['setFields']>[0]);
  if (message) form.focusField(CAPTCHA_FIELD as Parameters<FormInstance<T>['focusField']>[0]);
  return captcha.refresh();
}
