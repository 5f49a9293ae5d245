import { takeLoginReturnTo } from '@agora/shared-api';
import { Button } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { AuthPage } from '../common/auth-page';

/** /users/account-activation/success: the account is activated; continue where the visitor was going. */
export default function ActivationSuccessScreen() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  return (
    <AuthPage title={t('auth.activation.success_title')}>
      <p className="mf-auth__message" role="status">
        {t('auth.activation.success')}
      </p>
      <Button type="primary" className="mf-auth__submit" onClick={() => navigate(takeLoginReturnTo())}>
        {t('auth.activation.continue')}
      </Button>
    </AuthPage>
  );
}
