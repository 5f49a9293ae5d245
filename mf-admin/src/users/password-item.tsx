import { check, Form, Input } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { isPasswordLength, PASSWORD_MAX, PASSWORD_MIN } from '../common/validation';
import { NAMESPACE } from '../namespace';

/** The `password` field of the add-user and set-password dialogs: required, 8 to 32 characters. */
export function PasswordItem() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Form.Item
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
  );
}
