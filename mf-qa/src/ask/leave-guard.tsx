import { Modal } from '@agora/shared-ui/antd';
import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

type Navigate = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Navigate;
  replace: Navigate;
}

export interface LeaveGuard {
  /** Lets the next navigation through without asking (after a successful submit). */
  release(): void;
  /** The confirmation dialog; render it somewhere in the screen. */
  dialog: ReactNode;
}

/**
 * SPEC §5: leaving with unsaved changes asks 'Are you sure you want to leave the page?' / 'Your changes
 * may not be saved.'. Closing or reloading the tab gets the browser's own beforeunload prompt.
 *
 * In-app navigation: react-router's useBlocker needs a data router, and the shell mounts a
 * <BrowserRouter> (shell/src/app/app.tsx), where useBlocker throws. So this guard wraps the router's
 * navigator (the history object every <Link> and navigate() of the shell and the remotes go through):
 * while there are unsaved changes, push/replace wait for the user's answer in a dialog. Back/forward
 * buttons (history POP) cannot be held this way and are not asked about.
 */
export function useLeaveGuard(when: boolean): LeaveGuard {
  const { t } = useTranslation(NAMESPACE);
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const active = useRef(when);
  const released = useRef(false);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    active.current = when;
    if (when) released.current = false;
  }, [when]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  useEffect(
    () =>
      holdNavigation(
        navigator,
        () => active.current && !released.current,
        (go) => setPending(() => go),
      ),
    [navigator],
  );

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const leave = () => {
    const go = pending;
    setPending(null);
    released.current = true;
    go?.();
  };

  const dialog = (
    <Modal
      open={pending !== null}
      title={t('ask.leave.title')}
      okText={t('ask.leave.leave')}
      cancelText={t('ask.leave.stay')}
      onOk={leave}
      onCancel={() => setPending(null)}
      destroyOnHidden
    >
      <p>{t('ask.leave.content')}</p>
    </Modal>
  );

  return { release, dialog };
}

/**
 * Wraps the navigator's push and replace: while `shouldHold()`, a navigation is handed to `onHold` (to run
 * later, or never) instead of happening. Answers the function that puts the originals back.
 */
function holdNavigation(navigator: unknown, shouldHold: () => boolean, onHold: (go: () => void) => void) {
  const nav = navigator as PatchableNavigator;
  const original = { push: nav.push, replace: nav.replace };
  const hold =
    (go: Navigate): Navigate =>
    (...args) => {
      if (shouldHold()) onHold(() => go.apply(nav, args));
      else go.apply(nav, args);
    };
  const patched = { push: hold(original.push), replace: hold(original.replace) };
  nav.push = patched.push;
  nav.replace = patched.replace;
  return () => {
    if (nav.push === patched.push) nav.push = original.push;
    if (nav.replace === patched.replace) nav.replace = original.replace;
  };
}
