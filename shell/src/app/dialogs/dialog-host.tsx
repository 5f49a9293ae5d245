import { loginModalOpenAtom } from '@agora/shared-api';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { errorDialogAtom } from '../page-error';

// Dialogs use antd's Modal, which the first page must not carry: they load when first opened.
const ErrorDialog = lazy(() => import('./error-dialog'));
const LoginModal = lazy(() => import('./login-modal'));

/** Hosts the error handler's dialogs and the login-to-continue modal. */
export function DialogHost() {
  const dialog = useAtomValue(errorDialogAtom);
  const loginOpen = useAtomValue(loginModalOpenAtom);
  return (
    <Suspense fallback={null}>
      {dialog && <ErrorDialog />}
      {loginOpen && <LoginModal />}
    </Suspense>
  );
}
