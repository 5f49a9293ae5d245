import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstToast } from './toast-queue';

const ToastRenderer = lazy(() => import('./toast-renderer'));

/** Where toasts appear. Renders nothing, and loads nothing, until the first toast is requested. */
export function ToastOutlet() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  );
}
