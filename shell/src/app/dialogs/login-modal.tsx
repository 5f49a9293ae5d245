import { loginModalOpenAtom, paths, rememberLoginReturnTo } from '@agora/shared-api';
import { Button } from '@agora/shared-ui';
import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSiteInfo } from '../../session/hooks';

/** Login-to-continue modal: log in, or sign up when registrations are allowed. */
export default function LoginModal() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(loginModalOpenAtom);
  const site = useSiteInfo();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const go = (to: string) => {
    rememberLoginReturnTo(pathname + search);
    setOpen(false);
    navigate(to);
  };

  return (
    <AntdProvider>
      <Modal open={open} title={t('login_modal.title')} onCancel={() => setOpen(false)} footer={null}>
        <p>{t('login_modal.description')}</p>
        <div className="login-modal__actions">
          <Button variant="primary" onClick={() => go(paths.login())}>
            {t('login_modal.login')}
          </Button>
          {site?.login.allow_new_registrations && (
            <Button onClick={() => go(paths.register())}>{t('login_modal.signup')}</Button>
          )}
        </div>
      </Modal>
    </AntdProvider>
  );
}
