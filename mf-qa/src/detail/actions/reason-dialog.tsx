import { isApiError } from '@agora/shared-api';
import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useReasonFields } from '@agora/shared-ui/reason-fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { actionRecord } from '../api';
import { useReasonAction } from '../api/writes';

export interface ReasonDialogProps {
  /** close: PUT question/status; report: POST report (a flag). */
  kind: 'close' | 'report';
  objectType: 'question' | 'answer' | 'comment';
  objectId: string;
  /** The question a flagged question or answer belongs to: asked again so that it shows as flagged. */
  questionId?: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Choose a reason (GET reasons), add the remark a reason asks for, send (a reason must be chosen, and its
 * remark must not be empty when it asks for one).
 */
export function ReasonDialog({ kind, objectType, objectId, questionId, onClose, onDone }: ReasonDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const intro = useId();
  const reason = useReasonFields(objectType, kind === 'close' ? 'close' : 'flag', intro);
  const [failed, setFailed] = useState(false);

  // A report may need a captcha (action 'report'); closing never does.
  const gate = useCaptchaGate('report', { load: actionRecord });
  const send = useReasonAction({ kind, objectId, questionId }, gate, {
    onDone,
    onError: (error) => {
      if (!isApiError(error)) return;
      const fields = error.fieldMap();
      const message = fields.close_msg ?? fields.content;
      if (message) reason.setRemarkError(message);
      // The shell says nothing about a 404 that is not a page: the object or the endpoint is gone.
      else if (error.status === 404) setFailed(true);
    },
  });

  const submit = () => {
    setFailed(false);
    const choice = reason.validate();
    if (!choice) return;
    send.mutate({
      reason: choice.reason.reason_type,
      ...(choice.remark !== undefined ? { content: choice.remark } : {}),
    });
  };

  return (
    <AntdProvider>
      <Modal
        open
        title={t(kind === 'close' ? 'detail.reason_dialog.close_title' : 'detail.reason_dialog.flag_title')}
        okText={t('detail.actions.submit')}
        cancelText={t('detail.actions.cancel')}
        okButtonProps={{ loading: send.isPending }}
        onOk={submit}
        onCancel={onClose}
        destroyOnHidden
      >
        <p id={intro}>{t(kind === 'close' ? 'detail.reason_dialog.close_intro' : 'detail.reason_dialog.flag_intro')}</p>
        {reason.fields}
        {failed && (
          <p className="qa-field-error" role="alert">
            {t('detail.reason_dialog.failed')}
          </p>
        )}
      </Modal>
      {gate.dialog}
    </AntdProvider>
  );
}
