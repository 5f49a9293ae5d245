import { useMemo, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../../i18n/register';
import { emitToast } from './toast-queue';

/** Every toast hides after 5 s; the 'copied' hint after 1 s (durations in seconds). */
export const TOAST_DURATION_S = 5;
export const COPIED_HINT_DURATION_S = 1;

export interface Toast {
  /** A message may hold a link (e.g. to the badge just earned). */
  success(message: ReactNode): void;
  danger(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  /** The short 'Copied' hint after copying a link; pass a message to say something else. */
  copied(message?: string): void;
}

/**
 * Toasts shown by the ThemeProvider's outlet in the theme and language of the site. The toast renderer
 * (antd's message, inside AntdProvider) is downloaded on the first toast, not with the first page.
 */
export function useToast(): Toast {
  const { t } = useSharedUiTranslation();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info' | 'warning', content: ReactNode, duration = TOAST_DURATION_S) =>
      emitToast({ type, content, duration });
    return {
      success: (content) => show('success', content),
      danger: (content) => show('error', content),
      info: (content) => show('info', content),
      warning: (content) => show('warning', content),
      copied: (content) => show('success', content ?? t('toast.copied'), COPIED_HINT_DURATION_S),
    };
  }, [t]);
}
