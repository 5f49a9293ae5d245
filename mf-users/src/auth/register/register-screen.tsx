import { paths, startSession, takeLoginReturnTo } from '@agora/shared-api';
import { Alert, Form, Input } from '@agora/shared-ui/antd';
import { useCaptcha } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi, useRegister } from '../api';
import { AuthPage, SubmitButton } from '../common/auth-page';
import { confirmPasswordRules, formFailure } from '../common/form';
import { useSiteInfo } from '../common/site';
import { emailRules, nameRules, newPasswordRules } from '../common/rules';

interface RegisterValues {
  name: string;
  e_mail: string;
  pass: string;
  pass_again: string;
  captcha_code?: string;
}

const FIELDS = ['name', 'e_mail', 'pass', 'captcha_code'] as const;

/**
 * /users/register: name, e-mail, the password twice (both must match) and the 'email' captcha. The account is logged in
 * at once; a not-yet-activated one goes to the inactive-account state.
 */
export default function RegisterScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<RegisterValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const captcha = useCaptcha('email', { load: accountApi.actionRecord });
  const mutation = useRegister();

  const onFinish = (values: RegisterValues) => {
    setAlert(null);
    mutation.mutate(
      {
        name: values.name.trim(),
        e_mail: values.e_mail.trim(),
        pass: values.pass,
        ...captcha.answer(values.captcha_code),
      },
      {
        onSuccess: (user) => {
          startSession(queryClient, user);
          navigate(user.mail_status === 2 ? paths.inactive() : takeLoginReturnTo(), { replace: true });
        },
        onError: (error) => {
          setAlert(formFailure(form, error, FIELDS, t, { username: 'name' }));
          void afterCaptchaFailure(form, captcha, error);
        },
      },
    );
  };

  const emailOff = site?.login?.allow_email_registrations === false;

  return (
    <AuthPage title={t('auth.register.title', { site: site?.general?.name ?? '' })}>
      {emailOff && <Alert type="info" showIcon className="mf-auth__alert" title={t('auth.register.email_off')} />}
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending || emailOff}
        initialValues={{ name: '', e_mail: '', pass: '', pass_again: '' }}
        scrollToFirstError={{ focus: true }}
        noValidate
      >
        {alert && <Alert type="error" showIcon className="mf-auth__alert" title={alert} />}
        <Form.Item<RegisterValues>
          name="name"
          label={t('auth.fields.name.label')}
          extra={t('auth.fields.name.help')}
          required
          rules={nameRules(t)}
        >
          <Input autoComplete="nickname" spellCheck={false} />
        </Form.Item>
        <Form.Item<RegisterValues>
          name="e_mail"
          label={t('auth.fields.e_mail.label')}
          required
          rules={emailRules(t)}
          extra={
            site?.login?.allow_email_domains?.length
              ? t('auth.fields.e_mail.domains', { domains: site.login.allow_email_domains.join(', ') })
              : undefined
          }
        >
          <Input type="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
        <Form.Item<RegisterValues>
          name="pass"
          label={t('auth.fields.pass.label')}
          extra={t('auth.fields.pass.help')}
          required
          rules={newPasswordRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item<RegisterValues>
          name="pass_again"
          label={t('auth.fields.pass_again.label')}
          required
          dependencies={['pass']}
          rules={confirmPasswordRules({
            empty: t('auth.fields.pass_again.empty'),
            mismatch: t('auth.fields.pass_confirm.mismatch'),
          })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <p className="mf-auth__agreement">
          <Trans
            t={t}
            i18nKey="auth.register.agreement"
            components={{ tos: <Link to={paths.tos()} />, privacy: <Link to={paths.privacy()} /> }}
          />
        </p>
        <SubmitButton pending={mutation.isPending}>{t('auth.register.submit')}</SubmitButton>
      </Form>
      <p className="mf-auth__links">
        {t('auth.register.have_account')} <Link to={paths.login()}>{t('auth.register.log_in')}</Link>
      </p>
    </AuthPage>
  );
}
