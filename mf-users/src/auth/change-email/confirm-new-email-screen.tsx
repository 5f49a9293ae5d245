import { isApiError, paths, startSession } from '@agora/shared-api';
import { Alert, Button, Spin } from '@agora/shared-ui/antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { accountApi } from '../api';
import { AuthPage } from '../common/auth-page';
import { errorText } from '../common/errors';
import { useOnce } from '../common/use-once';

type State =
  { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'invalid' } | { kind: 'error'; message: string };

/**
 * /users/confirm-new-email?code=: applies the new address (PUT user/email, single use), which also confirms
 * it, and logs the account in with the new session. An invalid link gets the invalid-link wording.
 */
export default function ConfirmNewEmailScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });

  useOnce(() => {
    const code = params.get('code');
    if (!code) {
      setState({ kind: 'invalid' });
      return;
    }
    accountApi.confirmNewEmail(code).then(
      (user) => {
        startSession(queryClient, user);
        setState({ kind: 'done', email: user.e_mail });
      },
      (error: unknown) => {
        if (isApiError(error) && (error.forbiddenType === 'url_expired' || error.status === 400)) {
          setState({ kind: 'invalid' });
        } else setState({ kind: 'error', message: errorText(error, t) });
      },
    );
  });

  return (
    <AuthPage title={t('auth.confirm_email.title')}>
      {state.kind === 'working' && (
        <div className="mf-auth__message mf-auth__working" role="status" aria-live="polite">
          <Spin size="small" /> {t('auth.confirm_email.working')}
        </div>
      )}
      {state.kind === 'done' && (
        <>
          <p className="mf-auth__message" role="status">
            {t('auth.confirm_email.done', { email: state.email })}
          </p>
          <Button type="primary" className="mf-auth__submit" onClick={() => navigate(paths.home())}>
            {t('auth.activation.continue')}
          </Button>
        </>
      )}
      {state.kind === 'invalid' && (
        <Alert type="error" showIcon className="mf-auth__alert" title={t('auth.confirm_email.invalid')} />
      )}
      {state.kind === 'error' && (
        <>
          <Alert type="error" showIcon className="mf-auth__alert" title={state.message} />
          <p className="mf-auth__links">
            <Link to={paths.home()}>{t('auth.common.home')}</Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}
