import { isApiError } from '@agora/shared-api';
import { reasonsQuery } from '@agora/shared-api/resources/reason';
import type { ReasonItem } from '@agora/shared-api/contract';
import { AntdProvider, Input, Modal, Radio } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useQuery } from '@tanstack/react-query';
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
  onClose: () => void;
  onDone: () => void;
}

/**
 * Choose a reason (GET reasons), add the remark a reason asks for, send (a reason must be chosen, and its
 * remark must not be empty when it asks for one).
 */
export function ReasonDialog({ kind, objectType, objectId, onClose, onDone }: ReasonDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const reasons = useQuery(reasonsQuery(objectType, kind === 'close' ? 'close' : 'flag'));
  const [chosen, setChosen] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; content?: string; form?: string }>({});
  const ids = { intro: useId(), reasonError: useId(), remark: useId(), remarkError: useId() };

  const reason: ReasonItem | undefined = reasons.data?.find((r) => r.reason_type === chosen);
  const takesContent = !!reason?.content_type;

  // A report may need a captcha (action 'report'); closing never does.
  const gate = useCaptchaGate('report', { load: actionRecord });
  const send = useReasonAction({ kind, objectId }, gate, {
    onDone,
    onError: (error) => {
      if (!isApiError(error)) return;
      const fields = error.fieldMap();
      const message = fields.close_msg ?? fields.content;
      if (message) setErrors({ content: message });
      // The shell says nothing about a 404 that is not a page: the object or the endpoint is gone.
      else if (error.status === 404) setErrors({ form: t('detail.reason_dialog.failed') });
    },
  });

  const submit = () => {
    const next: typeof errors = {};
    if (chosen === null || !reason) next.reason = t('detail.reason_dialog.select');
    else if (takesContent && !content.trim()) next.content = t('detail.reason_dialog.empty');
    setErrors(next);
    if (Object.keys(next).length === 0) {
      send.mutate({ reason: chosen, ...(takesContent ? { content: content.trim() } : {}) });
    }
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
        <p id={ids.intro}>
          {t(kind === 'close' ? 'detail.reason_dialog.close_intro' : 'detail.reason_dialog.flag_intro')}
        </p>
        {reasons.isPending ? (
          <p className="qa-muted">{t('detail.reason_dialog.loading')}</p>
        ) : reasons.isError ? (
          <p role="alert">{t('detail.reason_dialog.load_failed')}</p>
        ) : (
          <>
            <Radio.Group
              className="qa-reasons"
              aria-label={t('detail.reason_dialog.reasons')}
              aria-describedby={errors.reason ? ids.reasonError : ids.intro}
              aria-invalid={!!errors.reason || undefined}
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value as number);
                setErrors({});
              }}
            >
              {reasons.data.map((item) => (
                <Radio key={item.reason_type} value={item.reason_type} className="qa-reason">
                  <span className="qa-reason__name">{item.name}</span>
                  {item.description && <span className="qa-reason__description">{item.description}</span>}
                </Radio>
              ))}
            </Radio.Group>
            {errors.reason && (
              <p id={ids.reasonError} className="qa-field-error" role="alert">
                {errors.reason}
              </p>
            )}
            {takesContent && (
              <div className="qa-reason__remark">
                <label htmlFor={ids.remark}>{t('detail.reason_dialog.remark')}</label>
                <Input.TextArea
                  id={ids.remark}
                  value={content}
                  placeholder={reason?.placeholder || undefined}
                  maxLength={500}
                  rows={reason?.content_type === 'textarea' ? 4 : 2}
                  status={errors.content ? 'error' : undefined}
                  aria-invalid={!!errors.content || undefined}
                  aria-describedby={errors.content ? ids.remarkError : undefined}
                  onChange={(event) => {
                    setContent(event.target.value);
                    setErrors({});
                  }}
                />
                {errors.content && (
                  <p id={ids.remarkError} className="qa-field-error" role="alert">
                    {errors.content}
                  </p>
                )}
              </div>
            )}
          </>
        )}
        {errors.form && (
          <p className="qa-field-error" role="alert">
            {errors.form}
          </p>
        )}
      </Modal>
      {gate.dialog}
    </AntdProvider>
  );
}
