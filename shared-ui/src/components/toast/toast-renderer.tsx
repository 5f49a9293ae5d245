import { App } from 'antd';
import { useEffect } from 'react';
import { AntdProvider } from '../../theme/antd-theme';
import { attachToastRenderer } from './toast-queue';

function Bridge() {
  const { message } = App.useApp();
  useEffect(
    () => attachToastRenderer(({ type, content, duration }) => void message.open({ type, content, duration })),
    [message],
  );
  return null;
}

/** antd's message inside the themed AntdProvider (never antd's static functions, which escape the theme). */
export default function ToastRenderer() {
  return (
    <AntdProvider>
      <Bridge />
    </AntdProvider>
  );
}
