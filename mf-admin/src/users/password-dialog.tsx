import type { AdminUserItem } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { applyFieldErrors, check, Form, Input } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useUserPassword } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { isPasswordLength, PASSWORD_MAX, PASSWORD_MIN } from '../common/validation';
import { NAMESPACE } from '../namespace';

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
      <Form.Item<Values>
        name="password"
        label={t('users.field.password')}
        required
        rules={check((v) => {
          if (!v) return t('users.validation.password_empty');
          if (!isPasswordLength(v))
            return t('users.validation.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
          return null;
        })}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
