import { clearSession, isApiError, paths } from '@agora/shared-api';
import { Alert, Form, Input } from '@agora/shared-ui/antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { REASONS, useReplacePassword } from '../api';
import { AuthPage, SubmitButton } from '../common/auth-page';
import { confirmPasswordRules, formFailure } from '../common/form';
import { newPasswordRules } from '../common/rules';

interface ResetValues {
  pass: string;
  pass_confirm: string;
}

const FIELDS = ['pass'] as const;

/**
 * /users/password-reset?code=: a new password twice (8 to 32, must match) → POST user/password/replacement.
 * A used, superseded or expired link gets the message that says so and a way to ask for a new one.
 */
export default function PasswordResetScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(code ? 'form' : 'invalid');
  const queryClient = useQueryClient();
  const mutation = useReplacePassword();

  const onFinish = (values: ResetValues) => {
    setAlert(null);
    mutation.mutate(
      { code, pass: values.pass },
      {
        onSuccess: () => {
          // Every session of the account ended with the change, this browser's too.
          clearSession(queryClient);
          setState('done');
        },
        onError: (error) => {
          if (isApiError(error) && error.reason === REASONS.resetUrlInvalid && error.fieldErrors.length === 0) {
            setState('invalid');
            return;
          }
          setAlert(formFailure(form, error, FIELDS, t));
        },
      },
    );
  };

  if (state === 'invalid') {
    return (
      <AuthPage title={t('auth.reset.title')}>
        <Alert type="error" showIcon className="mf-auth__alert" title={t('auth.reset.invalid')} />
        <p className="mf-auth__links">
          <Link to="/users/account-recovery">{t('auth.reset.request_new')}</Link>
        </p>
      </AuthPage>
    );
  }

  if (state === 'done') {
    return (
      <AuthPage title={t('auth.reset.done_title')}>
        <p className="mf-auth__message" role="status">
          {t('auth.reset.done')}
        </p>
        <p className="mf-auth__links">
          <Link to={paths.login()}>{t('auth.reset.log_in')}</Link>
        </p>
      </AuthPage>
    );
  }

  const confirmRules = confirmPasswordRules({
    empty: t('auth.fields.pass_confirm.empty'),
    mismatch: t('auth.fields.pass_confirm.mismatch'),
  });

  return (
    <AuthPage title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      <Form<ResetValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={mutation.isPending}
        initialValues={{ pass: '', pass_confirm: '' }}
        scrollToFirstError={{ focus: true }}
        noValidate
      >
        {alert && <Alert type="error" showIcon className="mf-auth__alert" title={alert} />}
        <Form.Item<ResetValues>
          name="pass"
          label={t('auth.fields.new_pass.label')}
          extra={t('auth.fields.pass.help')}
          required
          rules={newPasswordRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item<ResetValues>
          name="pass_confirm"
          label={t('auth.fields.pass_confirm.label')}
          required
          dependencies={['pass']}
          rules={confirmRules}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <SubmitButton pending={mutation.isPending}>{t('auth.reset.submit')}</SubmitButton>
      </Form>
    </AuthPage>
  );
}
