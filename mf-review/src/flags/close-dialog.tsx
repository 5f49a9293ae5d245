import { Modal } from '@agora/shared-ui/antd';
import { useReasonFields } from '@agora/shared-ui/reason-fields';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

export interface CloseDialogProps {
  pending: boolean;
  /** The server's word on the remark (a field error). */
  serverError?: string;
  onSubmit(values: { close_type: number; close_msg?: string }): void;
  onCancel(): void;
}

/**
 * Close the flagged question: one of the site's close reasons (GET reasons?object_type=question&action=close)
 * and the remark that reason asks for (not empty when it asks for one).
 */
export function CloseDialog({ pending, serverError, onSubmit, onCancel }: CloseDialogProps) {
  const { t } = useTranslation(NAMESPACE);
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
      title={t('flags.close_dialog.title')}
      okText={t('flags.close_dialog.submit')}
      cancelText={t('flags.close_dialog.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p id={intro}>{t('flags.close_dialog.intro')}</p>
      {reason.fields}
    </Modal>
  );
}
