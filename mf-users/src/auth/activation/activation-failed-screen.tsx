import { paths, useLoginState } from '@agora/shared-api';
import { Alert, Button } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { AuthPage } from '../common/auth-page';
import { useResendActivation } from '../login/inactive-account';

/**
 * /users/account-activation/failed: the link was invalid or expired. A logged-in (not yet activated) user
 * can have a new mail sent; a visitor logs in first.
 */
export default function ActivationFailedScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { logged } = useLoginState();
  const resend = useResendActivation();
  return (
    <AuthPage title={t('auth.activation.failed_title')}>
      <Alert type="error" showIcon className="mf-auth__alert" title={t('auth.activation.failed')} />
      {resend.feedback}
      {logged ? (
        <Button type="primary" onClick={resend.send} loading={resend.pending} aria-busy={resend.pending}>
          {t('auth.inactive.resend')}
        </Button>
      ) : (
        <p className="mf-auth__message">
          <Link to={paths.login()}>{t('auth.activation.log_in_to_resend')}</Link>
        </p>
      )}
      {resend.dialog}
    </AuthPage>
  );
}
