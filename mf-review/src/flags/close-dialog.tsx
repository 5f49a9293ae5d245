import { reasonsQuery } from '@agora/shared-api/resources/reason';
import { Input, Modal, Radio } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
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
  const reasons = useQuery(reasonsQuery('question', 'close'));
  const [chosen, setChosen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; remark?: string }>({});
  const ids = { intro: useId(), reasonError: useId(), remark: useId(), remarkError: useId() };
  const reason = reasons.data?.find((r) => r.reason_type === chosen);
  const takesRemark = !!reason?.content_type;
  const remarkError = errors.remark ?? serverError;

  const submit = () => {
    const next: typeof errors = {};
    if (!reason) next.reason = t('flags.close_dialog.select');
    else if (takesRemark && !remark.trim()) next.remark = t('flags.close_dialog.empty');
    setErrors(next);
    if (!reason || Object.keys(next).length > 0) return;
    onSubmit({ close_type: reason.reason_type, ...(takesRemark ? { close_msg: remark.trim() } : {}) });
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
      <p id={ids.intro}>{t('flags.close_dialog.intro')}</p>
      {reasons.isPending ? (
        <p className="review-muted" role="status">
          {t('flags.close_dialog.loading')}
        </p>
      ) : reasons.isError ? (
        <p role="alert">{t('flags.close_dialog.load_failed')}</p>
      ) : (
        <>
          <Radio.Group
            aria-label={t('flags.close_dialog.reasons')}
            aria-describedby={errors.reason ? ids.reasonError : ids.intro}
            aria-invalid={!!errors.reason || undefined}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value as number);
              setErrors({});
            }}
          >
            {reasons.data.map((item) => (
              <Radio key={item.reason_type} value={item.reason_type}>
                <span className="review-reason">
                  <span>{item.name}</span>
                  {item.description && <span className="review-reason__description">{item.description}</span>}
                </span>
              </Radio>
            ))}
          </Radio.Group>
          {errors.reason && (
            <p id={ids.reasonError} className="review-field-error" role="alert">
              {errors.reason}
            </p>
          )}
          {takesRemark && (
            <div className="review-field">
              <label htmlFor={ids.remark}>{t('flags.close_dialog.remark')}</label>
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
                <p id={ids.remarkError} className="review-field-error" role="alert">
                  {remarkError}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
