import { Modal as AntModal, type ModalProps } from 'antd';
import { useEffect, useState } from 'react';

/** The focused element when it is a control (not the page itself). */
function focusedControl(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Puts the focus back on the control that opened a dialog, unless the focus has already gone somewhere
 * else on purpose (the caller focused the editor, a field...): only when it is in a dialog or nowhere.
 */
function returnFocus(opener: HTMLElement) {
  const active = focusedControl();
  const lost = !active || !active.isConnected || active.closest('[role="dialog"], .ant-modal-wrap') !== null;
  if (lost && opener.isConnected) opener.focus({ preventScroll: true });
}

/**
 * antd's Modal, which always returns the focus to the control that opened it (WAI-ARIA dialog pattern).
 * antd does so only at the end of its closing animation, so a dialog its caller unmounts as it closes
 * (`{open && <Dialog/>}`, the usual way here) left the focus on the page itself. The opener is the element
 * focused when the dialog opens, read while rendering: before antd (or an `autoFocus` field) moves the focus
 * into the dialog. Tab stays inside the dialog: antd's own focus lock.
 */
export function Modal(props: ModalProps) {
  const open = !!props.open;
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedControl() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedControl());
  }
  useEffect(() => {
    if (!open || !opener) return;
    // On closing, and on unmounting while open.
    return () => returnFocus(opener);
  }, [open, opener]);
  return <AntModal {...props} />;
}
