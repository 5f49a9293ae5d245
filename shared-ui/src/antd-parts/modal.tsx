import { Modal as AntModal, type ModalProps } from 'antd';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The controls Tab reaches inside `box`, in order (checkVisibility where the browser has it). */
function tabbables(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && (element.checkVisibility?.() ?? true),
  );
}

/**
 * Tab on the dialog's last control goes to its first, Shift+Tab on the first to the last. antd's focus lock
 * pulls the focus back only once it has landed outside; a dialog is the end of the page, so Tab from its
 * last control left the page (to the browser's own controls) before coming back.
 */
function cycleTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const list = tabbables(event.currentTarget);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

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
 * into the dialog. Tab stays inside the dialog: antd's focus lock, and cycleTab at both ends.
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
  const { modalRender } = props;
  const render = (node: ReactNode) => (
    <div className="agora-modal-keys" onKeyDown={cycleTab}>
      {modalRender ? modalRender(node) : node}
    </div>
  );
  return <AntModal {...props} modalRender={render} />;
}
