import type { AdminUserItem } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { Button, Input, Modal } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchActivationUrl, useResendActivation } from '../api/users';
import { adminKeys } from '../api/keys';
import { QueryState } from '../common/query-state';
import { NAMESPACE } from '../namespace';

/**
 * An inactive member's activation link (GET user/activation), to copy and pass on, and a button that
 * mails it to them again (POST user/activation). The link is read when the dialog opens, never kept.
 */
export function ActivationDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const fieldId = useId();
  const link = useQuery({
    queryKey: [...adminKeys.user(user.user_id), 'activation'],
    queryFn: () => fetchActivationUrl(user.user_id),
    gcTime: 0,
    staleTime: 0,
  });
  const resend = useResendActivation();
  const name = user.display_name || user.username;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.copied();
    } catch {
      toast.warning(t('users.activation.copy_failed'));
    }
  };

  return (
    <Modal
      open
      className="admin-dialog"
      title={t('users.activation.title', { name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('users.close')}</Button>}
      destroyOnHidden
    >
      <p className="admin-dialog-note">{t('users.activation.note')}</p>
      <QueryState query={link}>
        {(url) => (
          <div className="admin-activation">
            <label htmlFor={fieldId}>{t('users.activation.link')}</label>
            <Input id={fieldId} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <div className="admin-page__actions">
              <Button onClick={() => void copy(url)}>{t('users.activation.copy')}</Button>
              <Button
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(user.user_id, {
                    onSuccess: () => toast.success(t('users.activation.sent', { email: user.e_mail })),
                  })
                }
              >
                {t('users.activation.resend')}
              </Button>
            </div>
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
