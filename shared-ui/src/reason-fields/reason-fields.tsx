import type { ReasonItem } from '@agora/shared-api/contract';
import { reasonsQuery } from '@agora/shared-api/resources/reason';
import { useQuery } from '@tanstack/react-query';
import { Input, Radio } from 'antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import './reason-fields.css';

/** What a reason dialog sends: the chosen reason and, when that reason asks for one, its remark. */
export interface ReasonChoice {
  reason: ReasonItem;
  /** Trimmed; present only when the reason takes a remark. */
  remark?: string;
}

export interface ReasonFields {
  /** The radio group of reasons and the remark box, with their errors (render inside the dialog). */
  fields: ReactNode;
  /** Checks the choice (a reason chosen; its remark not empty when it asks for one); null when it fails. */
  validate(): ReasonChoice | null;
  /** Shows the server's word on the remark (a field error). */
  setRemarkError(message: string): void;
  /** Whether the reasons are still loading or failed to load (nothing to submit yet). */
  ready: boolean;
}

/**
 * The reason part of every dialog that closes, flags or settles a post: the site's reasons for
 * `objectType` and `action` (GET reasons), one to choose, and the remark a reason asks for.
 * `describedBy` is the id of the dialog's question ("Why should…"), read with the group.
 */
export function useReasonFields(
  objectType: Parameters<typeof reasonsQuery>[0],
  action: Parameters<typeof reasonsQuery>[1],
  describedBy?: string,
): ReasonFields {
  const { t } = useSharedUiTranslation();
  const reasons = useQuery(reasonsQuery(objectType, action));
  const [chosen, setChosen] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; remark?: string }>({});
  const ids = { reasonError: useId(), remark: useId(), remarkError: useId() };
  const reason = reasons.data?.find((r) => r.reason_type === chosen);
  const takesRemark = !!reason?.content_type;

  const validate = (): ReasonChoice | null => {
    if (!reason) {
      setErrors({ reason: t('reason.select') });
      return null;
    }
    if (takesRemark && !remark.trim()) {
      setErrors({ remark: t('reason.empty') });
      return null;
    }
    setErrors({});
    return { reason, ...(takesRemark ? { remark: remark.trim() } : {}) };
  };

  let fields: ReactNode;
  if (reasons.isPending) fields = <p className="agora-reason__muted">{t('reason.loading')}</p>;
  else if (reasons.isError) fields = <p role="alert">{t('reason.load_failed')}</p>;
  else
    fields = (
      <>
        <Radio.Group
          className="agora-reason__list"
          aria-label={t('reason.reasons')}
          aria-describedby={errors.reason ? ids.reasonError : describedBy}
          aria-invalid={!!errors.reason || undefined}
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value as number);
            setErrors({});
          }}
        >
          {reasons.data.map((item) => (
            <Radio key={item.reason_type} value={item.reason_type}>
              <span className="agora-reason__name">{item.name}</span>
              {item.description && <span className="agora-reason__description">{item.description}</span>}
            </Radio>
          ))}
        </Radio.Group>
        {errors.reason && (
          <p id={ids.reasonError} className="agora-reason__error" role="alert">
            {errors.reason}
          </p>
        )}
        {takesRemark && (
          <div className="agora-reason__remark">
            <label htmlFor={ids.remark}>{t('reason.remark')}</label>
            <Input.TextArea
              id={ids.remark}
              value={remark}
              placeholder={reason?.placeholder || undefined}
              maxLength={500}
              rows={reason?.content_type === 'textarea' ? 4 : 2}
              status={errors.remark ? 'error' : undefined}
              aria-invalid={!!errors.remark || undefined}
              aria-describedby={errors.remark ? ids.remarkError : undefined}
              onChange={(event) => {
                setRemark(event.target.value);
                setErrors({});
              }}
            />
            {errors.remark && (
              <p id={ids.remarkError} className="agora-reason__error" role="alert">
                {errors.remark}
              </p>
            )}
          </div>
        )}
      </>
    );

  const setRemarkError = useCallback((message: string) => setErrors({ remark: message }), []);
  return { fields, validate, setRemarkError, ready: !!reasons.data };
}
