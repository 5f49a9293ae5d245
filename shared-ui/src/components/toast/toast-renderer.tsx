import { App } from 'antd';
import { useEffect, useState } from 'react';
import { AntdProvider } from '../../theme/antd-theme';
import { attachToastRenderer } from './toast-queue';

/** The gap between a toast and what it stays below. */
const GAP = 8;

/**
 * Where toasts start: below the page's header (the element marked `data-toasts-below`, the shell's) and
 * below the title of an open dialog, so that a toast never covers the header's search box or what a
 * dialog is about.
 */
export function toastTop(): number {
  let bottom = 0;
  const anchors = document.querySelectorAll<HTMLElement>('[data-toasts-below], .ant-modal-wrap .ant-modal-header');
  for (const anchor of anchors) {
    const box = anchor.getBoundingClientRect();
    if (box.height > 0) bottom = Math.max(bottom, box.bottom);
  }
  return Math.round(bottom) + GAP;
}

function Bridge({ place }: { place(top: number): void }) {
  const { message } = App.useApp();
  useEffect(
    () =>
      attachToastRenderer(({ type, content, duration }) => {
        place(toastTop());
        void message.open({ type, content, duration });
      }),
    [message, place],
  );
  return null;
}

/** antd's message inside the themed AntdProvider (never antd's static functions, which escape the theme). */
export default function ToastRenderer() {
  const [top, setTop] = useState(GAP);
  return (
    <AntdProvider>
      <App component={false} message={{ top }}>
        <Bridge place={setTop} />
      </App>
    </AntdProvider>
  );
}
