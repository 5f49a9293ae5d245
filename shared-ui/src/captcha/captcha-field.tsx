// antd through the package's own singleton entry, never 'antd' or a relative path: under Module Federation
// this module is shared on its own, and a Form.Item must come from the same antd (and the same theme) as
// the caller's Form, which is the one behind '@agora/shared-ui/antd'.
import { Button, Form, Input, type FormInstance, type InputProps, type InputRef } from '@agora/shared-ui/antd';
import { forwardRef, useId, useState } from 'react';
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
}

type CaptchaControlProps = Omit<InputProps, 'onChange'> & {
  src: string;
  onRefresh(): Promise<unknown>;
  onChange?: InputProps['onChange'];
};

/**
 * The control of the captcha field: the image row, then the code input. The Form.Item around it hands the
 * input its value, id, aria-invalid and aria-describedby (the error text's id), and focuses it through the ref.
 */
const CaptchaControl = forwardRef<InputRef, CaptchaControlProps>(function CaptchaControl(
  { src, onRefresh, ...input },
  ref,
) {
  return (
    <>
      <CaptchaImage src={src} onRefresh={onRefresh} />
      <Input ref={ref} {...input} autoComplete="off" autoCapitalize="off" spellCheck={false} />
    </>
  );
});

/**
 * The inline captcha of an antd Form: label, the image with a button for another one, and the code field
 * (name `captcha_code`, required), shown only while the server asks for a captcha. Server errors reach the
 * field through the form (afterCaptchaFailure, or the form's own field-error mapping) and are its
 * description.
 */
export function CaptchaField({ captcha }: CaptchaFieldProps) {
  const { t } = useSharedUiTranslation();
  const id = useId();
  if (!captcha.required || !captcha.record) return null;
  const inputId = `${id}-captcha`;
  return (
    <Form.Item
      name={CAPTCHA_FIELD}
      label={t('captcha.label')}
      htmlFor={inputId}
      className="agora-captcha-item"
      rules={[{ required: true, whitespace: true, message: t('captcha.empty') }]}
    >
      <CaptchaControl id={inputId} src={captcha.record.captcha_img} onRefresh={captcha.refresh} />
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
