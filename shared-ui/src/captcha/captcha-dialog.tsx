// The captcha dialog of useCaptchaGate (./captcha-gate), loaded the first time a gated action needs one.
// antd and AntdProvider through the singleton entry (see captcha-field.tsx).
import { AntdProvider, Form, Modal } from '@agora/shared-ui/antd';
import { useEffect, useRef, useState } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { afterCaptchaFailure, CaptchaField } from './captcha-field';
import type { CaptchaGateResult } from './captcha-gate';
import { CAPTCHA_FIELD, captchaMessage, type CaptchaAnswer, type CaptchaRecord } from './types';
import { captchaAnswer, type Captcha } from './use-captcha';

/** A gated action waiting for its captcha. */
export interface Pending {
  record: CaptchaRecord;
  /** The server's captcha message of a first attempt sent without a captcha. */
  error: string | null;
  send(answer: CaptchaAnswer): Promise<unknown>;
  resolve(result: CaptchaGateResult<unknown>): void;
  reject(error: unknown): void;
}

interface CaptchaDialogProps {
  pending: Pending;
  refresh(): Promise<CaptchaRecord | null>;
  onClose(): void;
}

export default function CaptchaDialog({ pending, refresh, onClose }: CaptchaDialogProps) {
  const { t } = useSharedUiTranslation();
  const [form] = Form.useForm<{ captcha_code: string }>();
  const [record, setRecord] = useState(pending.record);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  // The server's message of the attempt sent without a captcha goes on the field.
  useEffect(() => {
    if (pending.error) form.setFields([{ name: CAPTCHA_FIELD, errors: [pending.error] }]);
  }, [form, pending.error]);

  const captcha: Captcha = {
    action: '',
    record,
    required: true,
    failed: false,
    refresh: async () => {
      const next = await refresh();
      // A record that no longer asks keeps the current image (the server accepts any answer then).
      if (next?.verify) setRecord(next);
      return next;
    },
    answer: (code) => captchaAnswer(record, code),
  };

  const submit = async ({ captcha_code }: { captcha_code: string }) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      const value = await pending.send(captcha.answer(captcha_code));
      pending.resolve({ done: true, value });
      onClose();
    } catch (failure) {
      if (captchaMessage(failure) !== null) {
        // A captcha is single use: its message on the field, the field emptied, a fresh image.
        await afterCaptchaFailure(form, captcha, failure);
      } else {
        pending.reject(failure);
        onClose();
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const cancel = () => {
    if (busy.current) return;
    pending.resolve({ done: false });
    onClose();
  };

  return (
    <AntdProvider>
      <Modal
        open
        title={t('captcha.dialog_title')}
        okText={t('captcha.verify')}
        cancelText={t('captcha.cancel')}
        onOk={() => form.submit()}
        onCancel={cancel}
        okButtonProps={{ loading: sending }}
        // The dialog takes the focus as it opens; the code field is where the keyboard should land.
        afterOpenChange={(open) => {
          if (open) form.focusField(CAPTCHA_FIELD);
        }}
        destroyOnHidden
      >
        <p className="agora-captcha-dialog__intro">{t('captcha.dialog_intro')}</p>
        <Form<{ captcha_code: string }>
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          noValidate
        >
          <CaptchaField captcha={captcha} />
        </Form>
      </Modal>
    </AntdProvider>
  );
}
