import type { AdminUserItem } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { applyFieldErrors, Form } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useUserPassword } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { NAMESPACE } from '../namespace';
import { PasswordItem } from './password-item';

interface Values {
  password: string;
}

/** Set a member's password (PUT user/password, 8 to 32 characters): they are logged out everywhere. */
export function PasswordDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const save = useUserPassword();
  const name = user.display_name || user.username;

  const finish = ({ password }: Values) =>
    save.mutate(
      { user_id: user.user_id, password },
      {
        onSuccess: () => {
          toast.success(t('users.password_dialog.done', { name }));
          onClose();
        },
        onError: (error) => applyFieldErrors(form, error, ['password']),
      },
    );

  return (
    <FormDialog<Values>
      title={t('users.password_dialog.title', { name })}
      okText={t('users.password_dialog.submit')}
      cancelText={t('users.cancel')}
      form={form}
      pending={save.isPending}
      onFinish={finish}
      onCancel={onClose}
    >
      <p className="admin-dialog-note">{t('users.password_dialog.note')}</p>
      <PasswordItem />
    </FormDialog>
  );
}
