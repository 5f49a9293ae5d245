import { paths } from '@agora/shared-api';
import { Alert, Form, Input } from '@agora/shared-ui/antd';
import { useCaptcha } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi, useRequestPasswordReset } from '../api';
import { AuthPage, SubmitButton } from '../common/auth-page';
import { formFailure } from '../common/form';
import { emailRules } from '../common/rules';

interface RecoveryValues {
  e_mail: string;
  captcha_code?: string;
}

const FIELDS = ['e_mail', 'captcha_code'] as const;

/**
 * /users/account-recovery: e-mail + captcha → POST user/password/reset. The answer never tells whether an
 * account exists: the same confirmation for every address.
 */
export default function AccountRecoveryScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<RecoveryValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useCaptcha('email', { load: accountApi.actionRecord });
  const mutation = useRequestPasswordReset();

  const onFinish = (values: RecoveryValues) => {
    setAlert(null);
    const e_mail = values.e_mail.trim();
    mutation.mutate(
      { e_mail, ...captcha.answer(values.captcha_code) },
      {
        onSuccess: () => setSentTo(e_mail),
        onError: (error) => {
          setAlert(formFailure(form, error, FIELDS, t));
          void afterCaptchaFailure(form, captcha, error);
        },
      },
    );
  };

  if (sentTo !== null) {
    return (
      <AuthPage title={t('auth.recovery.sent_title')}>
        <p className="mf-auth__message" role="status">
          {t('auth.recovery.sent', { email: sentTo })}
        </p>
        <p className="mf-auth__links">
          <Link to={paths.login()}>{t('auth.common.back_to_login')}</Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.recovery.title')} intro={t('auth.recovery.intro')}>
      <Form<RecoveryValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending}
        initialValues={{ e_mail: '' }}
        scrollToFirstError={{ focus: true }}
        noValidate
      >
        {alert && <Alert type="error" showIcon className="mf-auth__alert" title={alert} />}
        <Form.Item<RecoveryValues> name="e_mail" label={t('auth.fields.e_mail.label')} required rules={emailRules(t)}>
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <SubmitButton pending={mutation.isPending}>{t('auth.recovery.submit')}</SubmitButton>
      </Form>
      <p className="mf-auth__links">
        <Link to={paths.login()}>{t('auth.common.back_to_login')}</Link>
      </p>
    </AuthPage>
  );
}
