import { useToast } from '@agora/shared-ui';
import { applyFieldErrors, check, Form, Input } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useAddUser } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, isEmail, isSingleLine, lengthOf } from '../common/validation';
import { NAMESPACE } from '../namespace';
import { PasswordItem } from './password-item';

interface Values {
  display_name: string;
  email: string;
  password: string;
}

const FIELDS = ['display_name', 'email', 'password'] as const;

/**
 * Add one activated member (POST user): display name 3 to 30 characters, a valid e-mail and a password
 * of 8 to 32, all required. The server's field errors (a taken e-mail...) land on their fields.
 */
export function AddUserDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const add = useAddUser();

  const finish = (values: Values) => {
    const body = { display_name: values.display_name.trim(), email: values.email.trim(), password: values.password };
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('users.add_dialog.done', { name: body.display_name }));
        onClose();
      },
      onError: (error) => applyFieldErrors(form, error, FIELDS, { e_mail: 'email', name: 'display_name' }),
    });
  };

  return (
    <FormDialog<Values>
      title={t('users.add_dialog.title')}
      okText={t('users.add_dialog.submit')}
      cancelText={t('users.cancel')}
      form={form}
      pending={add.isPending}
      onFinish={finish}
      onCancel={onClose}
    >
      <Form.Item<Values>
        name="display_name"
        label={t('users.field.display_name')}
        required
        rules={check((v) => {
          const name = v.trim();
          if (!isSingleLine(name)) return t('users.validation.name_single_line');
          if (!name) return t('users.validation.name_empty');
          if (lengthOf(name) < DISPLAY_NAME_MIN || lengthOf(name) > DISPLAY_NAME_MAX)
            return t('users.validation.name_length', { min: DISPLAY_NAME_MIN, max: DISPLAY_NAME_MAX });
          return null;
        })}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item<Values>
        name="email"
        label={t('users.field.email')}
        required
        rules={check((v) => {
          if (!v.trim()) return t('users.validation.email_empty');
          if (!isEmail(v)) return t('users.validation.email_invalid');
          return null;
        })}
      >
        <Input type="email" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <PasswordItem />
    </FormDialog>
  );
}
