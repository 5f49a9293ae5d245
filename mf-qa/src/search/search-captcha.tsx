// The captcha of the `search` action (docs/wire-contract.md): antd, so loaded only when a search is refused.
import { fetchActionRecord } from '@agora/shared-api';
import { AntdProvider, Button, Form } from '@agora/shared-ui/antd';
import { useCaptcha, type CaptchaAnswer } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

export interface SearchCaptchaProps {
  /** The refusal: the server's captcha field error of the latest attempt; null while a retry is on its way. */
  error: unknown;
  /** Searches again with the answer. */
  onAnswer(answer: CaptchaAnswer): void;
  /** The search with the answer is on its way. */
  busy: boolean;
}

/**
 * Shown while the server refuses a search over the captcha: the image (GET user/action/record?action=search)
 * and the code field; the search is sent again with captcha_id and captcha_code. A refused code puts the
 * server's message on the field, empties it and brings a fresh image (captchas are single use).
 */
export default function SearchCaptcha({ error, onAnswer, busy }: SearchCaptchaProps) {
  const { t } = useTranslation(NAMESPACE);
  const introId = useId();
  const [form] = Form.useForm<{ captcha_code: string }>();
  const captcha = useCaptcha('search', { load: fetchActionRecord, lazy: true });
  const latest = useRef(captcha);
  useLayoutEffect(() => {
    latest.current = captcha;
  });
  const answered = useRef(false);

  useEffect(() => {
    // The first refusal loads an image; a refusal of an answer also says why on the field. (No error: an
    // answer is on its way.)
    if (!error) return;
    if (answered.current) void afterCaptchaFailure(form, latest.current, error);
    else void latest.current.refresh();
  }, [error, form]);

  const submit = ({ captcha_code }: { captcha_code: string }) => {
    answered.current = true;
    onAnswer(latest.current.answer(captcha_code));
  };

  return (
    <AntdProvider>
      <section className="qa-search-captcha" aria-labelledby={introId}>
        <p id={introId} className="qa-search-captcha__intro" role="alert">
          {t('search.captcha.intro')}
        </p>
        {captcha.failed && (
          <p role="alert" className="qa-muted">
            {t('search.captcha.load_failed')}
          </p>
        )}
        <Form<{ captcha_code: string }> form={form} layout="vertical" onFinish={submit} noValidate>
          <CaptchaField captcha={captcha} />
          {captcha.required ? (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('search.captcha.submit')}
            </Button>
          ) : (
            // The record no longer asks (the window passed) or could not be loaded: the server decides.
            (captcha.record || captcha.failed) && (
              <Button htmlType="button" loading={busy} onClick={() => onAnswer({})}>
                {t('search.captcha.retry')}
              </Button>
            )
          )}
        </Form>
      </section>
    </AntdProvider>
  );
}
