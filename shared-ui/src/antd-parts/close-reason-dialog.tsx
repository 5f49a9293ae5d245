import { Input, Radio } from 'antd';
import { useId, useState } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { Modal } from './modal';
import './dialog-fields.css';

/** One close reason as GET reasons?object_type=question&action=close gives it (only what the dialog reads). */
export interface CloseReason {
  reason_type: number;
  name: string;
  description: string;
  /** '' takes no remark; 'text' a line (a URL for "duplicate"); 'textarea' a paragraph. */
  content_type: string;
  placeholder: string;
}

export interface CloseReasonDialogProps {
  /** The site's close reasons; undefined while they load. */
  reasons: readonly CloseReason[] | undefined;
  /** The reasons could not be loaded. */
  failed?: boolean;
  pending: boolean;
  /** The server's word on the remark or the reason (a field error). */
  serverError?: string;
  onSubmit(values: { close_type: number; close_msg?: string }): void;
  onCancel(): void;
}

/**
 * Closing a question (the review queue's flags, the admin question list): one of the site's close
 * reasons, and the remark that reason asks for (not empty when it asks for one). API-free: the caller
 * loads the reasons and sends the choice.
 */
export function CloseReasonDialog({
  reasons,
  failed,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: CloseReasonDialogProps) {
  const { t } = useSharedUiTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; remark?: string }>({});
  const ids = { intro: useId(), reasonError: useId(), remark: useId(), remarkError: useId() };
  const reason = reasons?.find((r) => r.reason_type === chosen);
  const takesRemark = !!reason?.content_type;
  const remarkError = errors.remark ?? serverError;

  const submit = () => {
    const next: typeof errors = {};
    if (!reason) next.reason = t('close_reason.select');
    else if (takesRemark && !remark.trim()) next.remark = t('close_reason.empty');
    setErrors(next);
    if (!reason || Object.keys(next).length > 0) return;
    onSubmit({ close_type: reason.reason_type, ...(takesRemark ? { close_msg: remark.trim() } : {}) });
  };

  let body;
  if (failed) body = <p role="alert">{t('close_reason.load_failed')}</p>;
  else if (!reasons) {
    body = (
      <p className="agora-dialog-muted" role="status">
        {t('close_reason.loading')}
      </p>
    );
  } else {
    body = (
      <>
        <Radio.Group
          aria-label={t('close_reason.reasons')}
          aria-describedby={errors.reason ? ids.reasonError : ids.intro}
          aria-invalid={!!errors.reason || undefined}
          className="agora-close-reason__list"
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value as number);
            setErrors({});
          }}
        >
          {reasons.map((item) => (
            <Radio key={item.reason_type} value={item.reason_type}>
              <span className="agora-close-reason__item">
                <span>{item.name}</span>
                {item.description && (
                  <span className="agora-dialog-muted agora-close-reason__description">{item.description}</span>
                )}
              </span>
            </Radio>
          ))}
        </Radio.Group>
        {errors.reason && (
          <p id={ids.reasonError} className="agora-dialog-error" role="alert">
            {errors.reason}
          </p>
        )}
        {takesRemark && (
          <div className="agora-dialog-field">
            <label htmlFor={ids.remark}>{t('close_reason.remark')}</label>
            <Input.TextArea
              id={ids.remark}
              value={remark}
              placeholder={reason?.placeholder || undefined}
              maxLength={500}
              rows={reason?.content_type === 'textarea' ? 4 : 2}
              status={remarkError ? 'error' : undefined}
              aria-invalid={!!remarkError || undefined}
              aria-describedby={remarkError ? ids.remarkError : undefined}
              onChange={(event) => {
                setRemark(event.target.value);
                setErrors({});
              }}
            />
            {remarkError && (
              <p id={ids.remarkError} className="agora-dialog-error" role="alert">
                {remarkError}
              </p>
            )}
          </div>
        )}
      </>
    );
  }

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
      <p id={ids.intro}>{t('close_reason.intro')}</p>
      {body}
    </Modal>
  );
}
