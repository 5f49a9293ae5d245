import { isApiError, paths, startSession, takeLoginReturnTo, useLoginState } from '@agora/shared-api';
import { Alert, Form, Input } from '@agora/shared-ui/antd';
import { useCaptcha } from '@agora/shared-ui/captcha';
import { afterCaptchaFailure, CaptchaField } from '@agora/shared-ui/captcha-field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi, useLogin } from '../api';
import { AuthPage, SubmitButton } from '../common/auth-page';
import { check, formFailure } from '../common/form';
import { useSiteInfo } from '../common/site';
import { emailRules } from '../common/rules';
import { useSuspensionMessage } from '../suspended/account-suspended-screen';
import { InactiveAccount } from './inactive-account';

interface LoginValues {
  e_mail: string;
  pass: string;
  captcha_code?: string;
}

const FIELDS = ['e_mail', 'pass', 'captcha_code'] as const;

/** /users/login: the login form, or the inactive-account state (?status=inactive). */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const login = useLoginState();
  if (params.get('status') === 'inactive' && login.notActivated) return <InactiveAccount />;
  return <LoginForm />;
}

function LoginForm() {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<LoginValues>();
  const [alert, setAlert] = useState<string | null>(null);
  // Set when the password was right but the account is suspended: when the suspension ends (Unix s, 0 = forever).
  const [suspendedUntil, setSuspendedUntil] = useState<number | null>(null);
  const suspension = useSuspensionMessage(suspendedUntil ?? 0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const captcha = useCaptcha('password', { load: accountApi.actionRecord });
  const mutation = useLogin();

  const onFinish = (values: LoginValues) => {
    setAlert(null);
    setSuspendedUntil(null);
    mutation.mutate(
      { e_mail: values.e_mail.trim(), pass: values.pass, ...captcha.answer(values.captcha_code) },
      {
        onSuccess: (user) => {
          startSession(queryClient, user);
          if (user.mail_status === 2) navigate(paths.inactive(), { replace: true });
          else navigate(takeLoginReturnTo(), { replace: true });
        },
        onError: (error) => {
          // A suspended account (the password was right): no session, so the reason and whom to ask here.
          if (isApiError(error) && error.forbiddenType === 'suspended') {
            const until = (error.data as { suspended_until?: unknown } | null)?.suspended_until;
            setSuspendedUntil(typeof until === 'number' ? until : 0);
          }
          setAlert(formFailure(form, error, FIELDS, t));
          // A failed login counts towards the captcha threshold, and a used captcha is gone: ask again.
          void afterCaptchaFailure(form, captcha, error);
        },
      },
    );
  };

  const rules = {
    e_mail: emailRules(t),
    pass: check((v) => (v ? null : t('auth.fields.pass.empty'))),
  };

  return (
    <AuthPage title={t('auth.login.title', { site: site?.general?.name ?? '' })}>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending}
        initialValues={{ e_mail: '', pass: '' }}
        scrollToFirstError={{ focus: true }}
        noValidate
      >
        {alert && (
          <Alert
            type="error"
            showIcon
            className="mf-auth__alert"
            title={suspendedUntil !== null ? suspension : alert}
            description={
              suspendedUntil !== null && site?.general?.contact_email ? (
                <>
                  {t('auth.suspended.contact_intro')}{' '}
                  <a href={`mailto:${site.general.contact_email}`}>{site.general.contact_email}</a>
                </>
              ) : undefined
            }
          />
        )}
        <Form.Item<LoginValues> name="e_mail" label={t('auth.fields.e_mail.label')} required rules={rules.e_mail}>
          <Input type="email" autoComplete="username" spellCheck={false} />
        </Form.Item>
        <Form.Item<LoginValues>
          name="pass"
          label={t('auth.fields.pass.label')}
          required
          rules={rules.pass}
          extra={<Link to="/users/account-recovery">{t('auth.login.forgot')}</Link>}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <SubmitButton pending={mutation.isPending}>{t('auth.login.submit')}</SubmitButton>
      </Form>
      {site?.login?.allow_new_registrations && (
        <p className="mf-auth__links">
          {t('auth.login.no_account')} <Link to={paths.register()}>{t('auth.login.sign_up')}</Link>
        </p>
      )}
    </AuthPage>
  );
}
