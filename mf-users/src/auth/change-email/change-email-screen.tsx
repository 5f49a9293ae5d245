import { paths, useCurrentUser, useLoginState } from '@agora/shared-api';
import { Alert, Form, Input } from '@agora/shared-ui/antd';
import { useCaptcha } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi, useRequestEmailChange } from '../api';
import { AuthPage, SubmitButton } from '../common/auth-page';
import { check, formFailure } from '../common/form';
import { emailRules } from '../common/rules';

interface ChangeEmailValues {
  e_mail: string;
  pass?: string;
  captcha_code?: string;
}

const FIELDS = ['e_mail', 'pass', 'captcha_code'] as const;

/**
 * /users/change-email: a not-yet-activated account fixes its address (POST user/email/change/code); the
 * confirmation link goes to the new address. An activated account also confirms with its password.
 */
export default function ChangeEmailScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { logged, activated } = useLoginState();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<ChangeEmailValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useCaptcha('edit_userinfo', { load: accountApi.actionRecord, lazy: !logged });
  const mutation = useRequestEmailChange();

  if (!logged) {
    return (
      <AuthPage title={t('auth.change_email.title')}>
        <p className="mf-auth__message">{t('auth.change_email.log_in_first')}</p>
        <p className="mf-auth__links">
          <Link to={paths.login()}>{t('auth.register.log_in')}</Link>
        </p>
      </AuthPage>
    );
  }

  if (sentTo !== null) {
    return (
      <AuthPage title={t('auth.change_email.sent_title')}>
        <p className="mf-auth__message" role="status">
          {t('auth.change_email.sent', { email: sentTo })}
        </p>
        <p className="mf-auth__links">
          <Link to={activated ? paths.home() : paths.inactive()}>{t('auth.common.back')}</Link>
        </p>
      </AuthPage>
    );
  }

  const onFinish = (values: ChangeEmailValues) => {
    setAlert(null);
    const e_mail = values.e_mail.trim();
    mutation.mutate(
      { e_mail, ...(activated ? { pass: values.pass ?? '' } : {}), ...captcha.answer(values.captcha_code) },
      {
        onSuccess: () => setSentTo(e_mail),
        onError: (error) => {
          setAlert(formFailure(form, error, FIELDS, t));
          void afterCaptchaFailure(form, captcha, error);
        },
      },
    );
  };

  return (
    <AuthPage
      title={t('auth.change_email.title')}
      intro={user?.e_mail ? t('auth.change_email.current', { email: user.e_mail }) : undefined}
    >
      <Form<ChangeEmailValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending}
        initialValues={{ e_mail: '', pass: '' }}
        scrollToFirstError={{ focus: true }}
        noValidate
      >
        {alert && <Alert type="error" showIcon className="mf-auth__alert" title={alert} />}
        <Form.Item<ChangeEmailValues>
          name="e_mail"
          label={t('auth.fields.new_e_mail.label')}
          required
          rules={emailRules(t)}
        >
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        {activated && (
          <Form.Item<ChangeEmailValues>
            name="pass"
            label={t('auth.fields.current_pass.label')}
            required
            rules={check((v) => (v ? null : t('auth.fields.pass.empty')))}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <CaptchaField captcha={captcha} />
        <SubmitButton pending={mutation.isPending}>{t('auth.change_email.submit')}</SubmitButton>
      </Form>
      <p className="mf-auth__links">
        <Link to={activated ? paths.home() : paths.inactive()}>{t('auth.common.cancel')}</Link>
      </p>
    </AuthPage>
  );
}
