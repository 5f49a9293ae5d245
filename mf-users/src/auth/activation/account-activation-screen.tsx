import { isApiError, paths, startSession } from '@agora/shared-api';
import { Alert, Spin } from '@agora/shared-ui/antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi } from '../api';
import { AuthPage } from '../common/auth-page';
import { errorText } from '../common/errors';
import { useOnce } from '../common/use-once';

export const ACTIVATION_SUCCESS = '/users/account-activation/success';

/**
 * /users/account-activation?code=: confirms the e-mail (POST user/email/verification, single use), logs the
 * account in and goes to the success page. An invalid or expired link (403 url_expired) goes to the failed page.
 */
export default function AccountActivationScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  useOnce(() => {
    const code = params.get('code');
    if (!code) {
      navigate(paths.activationFailed(), { replace: true });
      return;
    }
    accountApi.verifyEmail(code).then(
      (user) => {
        startSession(queryClient, user);
        navigate(ACTIVATION_SUCCESS, { replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.forbiddenType === 'url_expired') {
          navigate(paths.activationFailed(), { replace: true });
        } else setFailure(errorText(error, t));
      },
    );
  });

  return (
    <AuthPage title={t('auth.activation.title')}>
      {failure ? (
        <>
          <Alert type="error" showIcon className="mf-auth__alert" title={failure} />
          <p className="mf-auth__links">
            <Link to={paths.home()}>{t('auth.common.home')}</Link>
          </p>
        </>
      ) : (
        <div className="mf-auth__message mf-auth__working" role="status" aria-live="polite">
          <Spin size="small" /> {t('auth.activation.working')}
        </div>
      )}
    </AuthPage>
  );
}
