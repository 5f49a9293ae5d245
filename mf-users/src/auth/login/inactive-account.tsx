import { useCurrentUser } from '@agora/shared-api';
import { Alert, Button } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi } from '../api';
import { AuthPage } from '../common/auth-page';
import { errorText } from '../common/errors';

/**
 * Inactive-account state (/users/login?status=inactive): the confirmation mail went to the user's
 * address; resend it (captcha 'email' in a dialog when asked) or change the address.
 */
export function InactiveAccount() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useCurrentUser();
  const resend = useResendActivation();
  return (
    <AuthPage title={t('auth.inactive.title')}>
      <p className="mf-auth__message">
        {t('auth.inactive.sent', { email: user?.e_mail ?? '' })} {t('auth.inactive.follow')}
      </p>
      {resend.feedback}
      <p className="mf-auth__message">{t('auth.inactive.not_received')}</p>
      <div className="mf-auth__actions">
        <Button type="primary" onClick={resend.send} loading={resend.pending} aria-busy={resend.pending}>
          {t('auth.inactive.resend')}
        </Button>
        <Link to="/users/change-email">{t('auth.inactive.change_email')}</Link>
      </div>
      {resend.dialog}
    </AuthPage>
  );
}

/** The 'resend the activation mail' action (POST user/email/verification/send) with its feedback. */
export function useResendActivation() {
  const { t } = useTranslation(NAMESPACE);
  const captcha = useCaptchaGate('email', { load: accountApi.actionRecord });
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const send = async () => {
    setResult(null);
    setPending(true);
    try {
      const outcome = await captcha.run((answer) => accountApi.resendActivation(answer));
      if (outcome.done) setResult({ ok: true, message: t('auth.inactive.resent') });
    } catch (error) {
      setResult({ ok: false, message: errorText(error, t) });
    } finally {
      setPending(false);
    }
  };
  const feedback = result && (
    <Alert
      className="mf-auth__alert"
      type={result.ok ? 'success' : 'error'}
      showIcon
      title={result.message}
      role={result.ok ? 'status' : 'alert'}
    />
  );
  return { send: () => void send(), pending, feedback, dialog: captcha.dialog };
}
