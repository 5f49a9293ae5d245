// antd and AntdProvider through the singleton entry (see captcha-field.tsx).
import { AntdProvider, Form, Modal } from '@agora/shared-ui/antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { afterCaptchaFailure, CaptchaField } from './captcha-field';
import { CAPTCHA_FIELD, captchaMessage, type CaptchaAnswer, type CaptchaLoader, type CaptchaRecord } from './types';
import { captchaAnswer, type Captcha } from './use-captcha';

/** How a gated action ended: sent (with its result) or the dialog was cancelled. */
export type CaptchaGateResult<T> = { done: true; value: T } | { done: false };

export interface CaptchaGate {
  /**
   * Sends a protected action: asks the action record first; no captcha needed → `send({})` at once. When one
   * is needed, or the server refuses the action over the captcha anyway, the dialog asks for the code and
   * calls `send({captcha_id, captcha_code})`, showing captcha errors on its field with a fresh image until it
   * succeeds or is cancelled. Resolves {done:false} when cancelled; rejects with any other failure (for the
   * caller's form to show).
   */
  run<T>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<CaptchaGateResult<T>>;
  /** The dialog: render it anywhere in the caller's tree (it is a portal); null while closed. */
  dialog: ReactNode;
}

export interface UseCaptchaGateOptions<A extends string> {
  /** Loads the action record (GET user/action/record?action=…). */
  load: CaptchaLoader<A>;
}

interface Pending {
  record: CaptchaRecord;
  /** The server's captcha message of a first attempt sent without a captcha. */
  error: string | null;
  send(answer: CaptchaAnswer): Promise<unknown>;
  resolve(result: CaptchaGateResult<unknown>): void;
  reject(error: unknown): void;
}

/**
 * A captcha asked in a dialog, for actions whose form has no captcha field of its own (comments, posts,
 * resending a mail). See CaptchaGate.run.
 */
export function useCaptchaGate<A extends string>(action: A, { load }: UseCaptchaGateOptions<A>): CaptchaGate {
  const [pending, setPending] = useState<Pending | null>(null);
  // The latest `load` (callers may pass a new function each render without reloading).
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const fetchRecord = useCallback(() => loadRef.current(action).catch(() => null), [action]);

  const run = useCallback(
    async <T,>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<CaptchaGateResult<T>> => {
      let record = await fetchRecord();
      let error: string | null = null;
      if (!record?.verify) {
        try {
          return { done: true, value: await send({}) };
        } catch (failure) {
          // The record said no (or could not be loaded), but the server wants a captcha after all.
          error = captchaMessage(failure);
          if (error === null) throw failure;
          record = await fetchRecord();
          if (!record?.verify) throw failure;
        }
      }
      const asked = record;
      return new Promise<CaptchaGateResult<T>>((resolve, reject) =>
        setPending({ record: asked, error, send, resolve: resolve as Pending['resolve'], reject }),
      );
    },
    [fetchRecord],
  );

  const dialog = pending ? (
    <CaptchaDialog pending={pending} refresh={fetchRecord} onClose={() => setPending(null)} />
  ) : null;
  return { run, dialog };
}

interface CaptchaDialogProps {
  pending: Pending;
  refresh(): Promise<CaptchaRecord | null>;
  onClose(): void;
}

function CaptchaDialog({ pending, refresh, onClose }: CaptchaDialogProps) {
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
