import { isApiError } from '@agora/shared-api';
import type { CaptchaAction, CaptchaAnswer } from '@agora/shared-api/contract';
import { useLeaveGuard } from '@agora/shared-ui';
import type { FormInstance } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { askApi } from './api';
import { useDraft } from '../common/draft';
import { DraftNotice } from '../common/draft-notice';

export interface PostFormOptions<V, R> {
  form: FormInstance<V>;
  /** The form's values without a draft: empty (ask) or the post as loaded (edits). */
  baseline: V;
  /** Where this form's draft lives (see draftKeys). */
  draftKey: string;
  captchaAction: CaptchaAction;
  /** What counts when comparing values (unsaved changes, whether a draft is worth keeping). */
  comparable: (values: V) => unknown;
  /** The form's field names; server field errors naming them land on them. */
  fields: readonly string[];
  /** Server field → form field (e.g. answer_content → answer). */
  aliases?: Record<string, string>;
  send: (values: V, captcha: CaptchaAnswer) => Promise<R>;
  /** After a successful send (the draft is gone and leaving is no longer guarded). */
  onSent: (result: R) => void;
}

/**
 * What the ask and edit forms share: the local draft (3 s debounce, restored with a notice, discard with
 * a confirmation), the leave warning while there are unsaved changes, the captcha and the server's field
 * errors. Failures without field errors are the shell's to present (toast, dialog, login...) through the
 * query client's mutation cache; messages of err_type alert and field errors that fit no field show in
 * `alert`.
 */
export function usePostForm<V extends object, R>(options: PostFormOptions<V, R>) {
  const { form, baseline, draftKey, captchaAction, comparable, fields, aliases = {}, send, onSent } = options;
  const draft = useDraft<V>(draftKey);
  const [initialValues] = useState<V>(() => (draft.restored ? { ...baseline, ...draft.restored.value } : baseline));
  const [current, setCurrent] = useState<V>(initialValues);
  const [showRestored, setShowRestored] = useState(!!draft.restored);
  const [alert, setAlert] = useState<string | null>(null);

  const baseKey = useMemo(() => JSON.stringify(comparable(baseline)), [comparable, baseline]);
  const dirty = JSON.stringify(comparable(current)) !== baseKey;
  const guard = useLeaveGuard(dirty);
  const captcha = useCaptchaGate(captchaAction, { load: askApi.actionRecord });

  const onValuesChange = useCallback(
    (_changed: unknown, all: V) => {
      const next = { ...current, ...all };
      setCurrent(next);
      draft.schedule(next, JSON.stringify(comparable(next)) === baseKey);
    },
    [current, draft, comparable, baseKey],
  );

  const mutation = useMutation({
    mutationFn: (values: V) => captcha.run((answer) => send(values, answer)),
  });

  const submit = async (values: V) => {
    setAlert(null);
    try {
      const result = await mutation.mutateAsync({ ...current, ...values });
      if (!result.done) return;
      draft.clear();
      guard.release();
      setCurrent(baseline);
      onSent(result.value);
    } catch (error) {
      setAlert(failureText(form, error, fields, aliases));
    }
  };

  const discard = () => {
    draft.clear();
    form.resetFields();
    form.setFieldsValue(baseline as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    setCurrent(baseline);
    setShowRestored(false);
  };

  const notice: ReactNode = showRestored ? <DraftNotice onDiscard={discard} /> : null;
  const dialogs: ReactNode = captcha.dialog;

  return {
    initialValues,
    current,
    dirty,
    onValuesChange,
    submit,
    pending: mutation.isPending,
    alert,
    notice,
    dialogs,
  };
}

/**
 * Puts field errors on their fields (focusing the first) and answers what is left for the alert above the
 * submit button: messages that fit no field, or an err_type alert message; null when nothing is left.
 */
function failureText<V>(
  form: FormInstance<V>,
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string>,
): string | null {
  if (!isApiError(error)) return null;
  if (error.fieldErrors.length === 0) return error.errType === 'alert' ? error.message : null;
  const rest: string[] = [];
  const known: { name: string; errors: string[] }[] = [];
  for (const e of error.fieldErrors) {
    const name = aliases[e.error_field] ?? e.error_field;
    if (fields.includes(name)) known.push({ name, errors: [e.error_msg] });
    else rest.push(e.error_msg);
  }
  form.setFields(known as Parameters<FormInstance<V>['setFields']>[0]);
  const first = known[0];
  if (first) {
    try {
      form.focusField(first.name as Parameters<FormInstance<V>['focusField']>[0]);
    } catch {
      // A custom control without focus(): the error still shows on it.
    }
  }
  return rest.length ? rest.join(' ') : null;
}
