import { isApiError } from '@agora/shared-api';
import { Button, Form, Input, Modal, type FormInstance } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { accountApi, type ActionRecord, type CaptchaAction, type CaptchaAnswer } from '../api';
import { isCaptchaError } from '../common/form';

/** The form field a captcha answer lives in (the server's field errors name it too). */
export const CAPTCHA_FIELD = 'captcha_code';

export interface Captcha {
  action: CaptchaAction;
  /** The latest record; null until it arrives (or when it could not be loaded). */
  record: ActionRecord | null;
  /** True when the next action needs a captcha answer. */
  required: boolean;
  /** True when the record could not be loaded (the action is still sent; the server decides). */
  failed: boolean;
  /** Asks the server again: a new image when one is required (captchas are single use). */
  refresh(): Promise<ActionRecord | null>;
  /** What to send with the action for the given answer. */
  answer(code: string | undefined): CaptchaAnswer;
}

/**
 * The captcha of one protected action (answer-api.md §1.5): GET user/action/record?action=X tells whether
 * the next action needs a captcha and, when it does, gives a fresh image. Loaded on mount unless `lazy`.
 */
export function useCaptcha(action: CaptchaAction, { lazy = false }: { lazy?: boolean } = {}): Captcha {
  const query = useQuery({
    queryKey: ['auth', 'captcha', action],
    queryFn: () => accountApi.actionRecord(action),
    enabled: !lazy,
    // A record is consumed by one action: never reuse one from another screen, never swap it under the user.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { passingError: true },
  });
  const { refetch } = query;
  const record = query.data ?? null;

  const refresh = useCallback(async () => (await refetch()).data ?? null, [refetch]);

  const answer = useCallback(
    (code: string | undefined): CaptchaAnswer =>
      record?.verify ? { captcha_id: record.captcha_id, captcha_code: (code ?? '').trim() } : {},
    [record],
  );

  return { action, record, required: !!record?.verify, failed: query.isError, refresh, answer };
}

/**
 * After a failed protected action: the captcha was used up, so clear the answer, show the server's message on
 * the captcha field when it names it, and load a fresh one (or learn that one is now required, e.g. after
 * failed logins).
 */
export function afterCaptchaFailure<T extends object>(form: FormInstance<T>, captcha: Captcha, error: unknown) {
  const message = isApiError(error)
    ? error.fieldErrors.find((e) => e.error_field === CAPTCHA_FIELD)?.error_msg
    : undefined;
  const field = [{ name: CAPTCHA_FIELD, value: '', errors: message ? [message] : [] }];
  form.setFields(field as unknown as Parameters<FormInstance<T>['setFields']>[0]);
  if (message) form.focusField(CAPTCHA_FIELD as Parameters<FormInstance<T>['focusField']>[0]);
  return captcha.refresh();
}

export interface CaptchaFieldProps {
  captcha: Captcha;
}

/**
 * The inline captcha of a form: the image, a button for another image and the answer field (labelled),
 * shown only while the server asks for one. Must be placed inside an antd Form.
 */
export function CaptchaField({ captcha }: CaptchaFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [refreshing, setRefreshing] = useState(false);
  if (!captcha.required || !captcha.record) return null;
  const inputId = `${id}-captcha`;
  const onRefresh = async () => {
    setRefreshing(true);
    await captcha.refresh();
    setRefreshing(false);
  };
  return (
    <Form.Item label={t('auth.captcha.label')} htmlFor={inputId} required className="mf-auth__captcha-item">
      <div className="mf-auth__captcha">
        <img className="mf-auth__captcha-img" src={captcha.record.captcha_img} alt={t('auth.captcha.image_alt')} />
        <Button onClick={() => void onRefresh()} loading={refreshing} htmlType="button">
          {t('auth.captcha.refresh')}
        </Button>
      </div>
      <Form.Item
        name={CAPTCHA_FIELD}
        noStyle
        rules={[{ required: true, whitespace: true, message: t('auth.captcha.empty') }]}
      >
        <Input id={inputId} autoComplete="off" autoCapitalize="off" spellCheck={false} />
      </Form.Item>
    </Form.Item>
  );
}

interface DialogState {
  record: ActionRecord;
  run: (answer: CaptchaAnswer) => Promise<unknown>;
  resolve: (value: { done: true; value: unknown } | { done: false }) => void;
  reject: (error: unknown) => void;
}

/**
 * A captcha asked in a modal dialog, for actions that have no form of their own (resend the activation
 * mail). `run(fn)` checks the action record: no captcha needed → fn({}) at once; otherwise the dialog asks
 * for the code and calls fn with it, showing captcha errors on its field with a fresh image until it
 * succeeds or is cancelled. Resolves {done:false} when cancelled; rejects with other failures.
 */
export function useCaptchaDialog(action: CaptchaAction): {
  run<T>(fn: (answer: CaptchaAnswer) => Promise<T>): Promise<{ done: true; value: T } | { done: false }>;
  dialog: ReactNode;
} {
  const [state, setState] = useState<DialogState | null>(null);
  const run = useCallback(
    async <T,>(fn: (answer: CaptchaAnswer) => Promise<T>) => {
      const record = await accountApi.actionRecord(action).catch(() => null);
      if (!record?.verify) return { done: true as const, value: await fn({}) };
      return new Promise<{ done: true; value: T } | { done: false }>((resolve, reject) =>
        setState({
          record,
          run: fn,
          resolve: resolve as DialogState['resolve'],
          reject,
        }),
      );
    },
    [action],
  );
  const dialog = state ? <CaptchaDialog action={action} initial={state} onClose={() => setState(null)} /> : null;
  return { run, dialog };
}

function CaptchaDialog({ action, initial, onClose }: { action: CaptchaAction; initial: DialogState; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<{ captcha_code: string }>();
  const [record, setRecord] = useState(initial.record);
  const [pending, setPending] = useState(false);
  const captcha: Captcha = {
    action,
    record,
    required: true,
    failed: false,
    refresh: async () => {
      const next = await accountApi.actionRecord(action).catch(() => null);
      if (next?.verify) setRecord(next);
      return next;
    },
    answer: (code) => ({ captcha_id: record.captcha_id, captcha_code: (code ?? '').trim() }),
  };

  const submit = async (values: { captcha_code: string }) => {
    setPending(true);
    try {
      const value = await initial.run(captcha.answer(values.captcha_code));
      initial.resolve({ done: true, value });
      onClose();
    } catch (error) {
      if (isCaptchaError(error)) {
        await afterCaptchaFailure(form, captcha, error);
      } else {
        initial.reject(error);
        onClose();
      }
    } finally {
      setPending(false);
    }
  };

  const cancel = () => {
    initial.resolve({ done: false });
    onClose();
  };

  return (
    <Modal
      open
      title={t('auth.captcha.dialog_title')}
      onCancel={cancel}
      okText={t('auth.captcha.verify')}
      cancelText={t('auth.common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
    >
      <p>{t('auth.captcha.dialog_intro')}</p>
      <Form<{ captcha_code: string }> form={form} layout="vertical" onFinish={(v) => void submit(v)} noValidate>
        <CaptchaField captcha={captcha} />
      </Form>
    </Modal>
  );
}
