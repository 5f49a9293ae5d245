// A minimal captcha dialog for the ask and edit forms (answer-api.md §1.5). mf-users has a fuller captcha
// (mf-users/src/auth/captcha/captcha.tsx) but remotes do not import each other; this is the same flow.
import type { ActionRecord, CaptchaAction, CaptchaAnswer } from '@agora/shared-api/contract';
import { isApiError } from '@agora/shared-api';
import { Button, Input, Modal } from '@agora/shared-ui/antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { askApi } from './api';

export const CAPTCHA_FIELD = 'captcha_code';

/** The server's message when a failure is about the captcha (wrong, expired, used or missing). */
export function captchaMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.fieldErrors.find((e) => e.error_field === CAPTCHA_FIELD)?.error_msg ?? null;
}

export type GateResult<T> = { done: true; value: T } | { done: false };

interface Pending {
  record: ActionRecord;
  error: string | null;
  send: (answer: CaptchaAnswer) => Promise<unknown>;
  resolve: (result: GateResult<unknown>) => void;
  reject: (error: unknown) => void;
}

const fetchRecord = (action: CaptchaAction) => askApi.actionRecord(action).catch(() => null);

/**
 * `run(send)`: asks GET user/action/record whether the action needs a captcha; if not, sends at once.
 * If it does, or the server refuses the captcha anyway, a dialog asks for the code (with a fresh image
 * after each refusal) and sends again. Resolves {done:false} when the dialog is cancelled; rejects with
 * any other failure, for the form to show.
 */
export function useCaptchaGate(action: CaptchaAction): {
  run<T>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<GateResult<T>>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const run = useCallback(
    async <T,>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<GateResult<T>> => {
      const record = await fetchRecord(action);
      let error: string | null = null;
      if (!record?.verify) {
        try {
          return { done: true, value: await send({}) };
        } catch (failure) {
          error = captchaMessage(failure);
          if (error === null) throw failure;
        }
      }
      const fresh = record?.verify ? record : await fetchRecord(action);
      if (!fresh?.verify) throw new Error(error ?? 'captcha');
      return new Promise<GateResult<T>>((resolve, reject) =>
        setPending({
          record: fresh,
          error,
          send,
          resolve: resolve as Pending['resolve'],
          reject,
        }),
      );
    },
    [action],
  );

  const dialog = pending ? <CaptchaDialog action={action} pending={pending} onClose={() => setPending(null)} /> : null;
  return { run, dialog };
}

function CaptchaDialog({ action, pending, onClose }: { action: CaptchaAction; pending: Pending; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [record, setRecord] = useState(pending.record);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(pending.error);
  const [sending, setSending] = useState(false);

  const refresh = async () => {
    const next = await fetchRecord(action);
    if (next?.verify) setRecord(next);
  };

  const submit = async () => {
    if (!code.trim()) {
      setError(t('ask.captcha.empty'));
      return;
    }
    setSending(true);
    try {
      const value = await pending.send({ captcha_id: record.captcha_id, captcha_code: code.trim() });
      pending.resolve({ done: true, value });
      onClose();
    } catch (failure) {
      const message = captchaMessage(failure);
      if (message === null) {
        pending.reject(failure);
        onClose();
        return;
      }
      // A captcha answer is single use: a fresh image for the next try.
      setError(message);
      setCode('');
      await refresh();
    } finally {
      setSending(false);
    }
  };

  const cancel = () => {
    pending.resolve({ done: false });
    onClose();
  };

  const inputId = `${id}-code`;
  const errorId = `${id}-error`;
  return (
    <Modal
      open
      title={t('ask.captcha.title')}
      okText={t('ask.captcha.verify')}
      cancelText={t('ask.captcha.cancel')}
      onOk={() => void submit()}
      onCancel={cancel}
      okButtonProps={{ loading: sending }}
      destroyOnHidden
    >
      <p>{t('ask.captcha.intro')}</p>
      <div className="qa-ask-captcha">
        <img className="qa-ask-captcha__img" src={record.captcha_img} alt={t('ask.captcha.image_alt')} />
        <Button htmlType="button" onClick={() => void refresh()}>
          {t('ask.captcha.refresh')}
        </Button>
      </div>
      <label htmlFor={inputId} className="qa-ask-label">
        {t('ask.captcha.label')}
      </label>
      <Input
        id={inputId}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        onPressEnter={() => void submit()}
        autoComplete="off"
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <div id={errorId} role="alert" className="qa-ask-error">
          {error}
        </div>
      )}
    </Modal>
  );
}
