import { useEffect, useId } from 'react';
import { Modal } from '../antd-parts/modal';
import { useSharedUiTranslation } from '../i18n/register';
import { useReasonFields } from './reason-fields';

export interface CloseQuestionDialogProps {
  pending: boolean;
  /** The server's word on the remark (a field error). */
  serverError?: string;
  onSubmit(values: { close_type: number; close_msg?: string }): void;
  onCancel(): void;
}

/**
 * Closing a question by staff (the review queue's flags, the admin question list): one of the site's
 * close reasons (GET reasons?object_type=question&action=close) and the remark that reason asks for.
 * The caller sends the choice.
 */
export function CloseQuestionDialog({ pending, serverError, onSubmit, onCancel }: CloseQuestionDialogProps) {
  const { t } = useSharedUiTranslation();
  const intro = useId();
  const reason = useReasonFields('question', 'close', intro);
  const { setRemarkError } = reason;
  useEffect(() => {
    if (serverError) setRemarkError(serverError);
  }, [serverError, setRemarkError]);

  const submit = () => {
    const choice = reason.validate();
    if (!choice) return;
    onSubmit({
      close_type: choice.reason.reason_type,
      ...(choice.remark !== undefined ? { close_msg: choice.remark } : {}),
    });
  };

  return (
    <Modal
      open
      title={t('close_reason.title')}
      okText={t('close_reason.submit')}
      cancelText={t('close_reason.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p id={intro}>{t('close_reason.intro')}</p>
      {reason.fields}
    </Modal>
  );
}
