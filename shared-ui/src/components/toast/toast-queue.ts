import type { ReactNode } from 'react';

export interface ToastRequest {
  type: 'success' | 'error' | 'info' | 'warning';
  /** Text, or markup holding a link (a badge award's). */
  content: ReactNode;
  /** Seconds before it hides. */
  duration: number;
}

type Listener = (toast: ToastRequest) => void;

// Module state is shared by the shell and every remote: this module is part of a shared singleton.
const pending: ToastRequest[] = [];
let listener: Listener | null = null;
const wakers = new Set<() => void>();

/** Queues a toast; it is shown as soon as the renderer is ready (immediately once it has loaded). */
export function emitToast(toast: ToastRequest): void {
  if (listener) {
    listener(toast);
    return;
  }
  pending.push(toast);
  for (const wake of wakers) wake();
}

/** The renderer attaches here and receives the toasts queued before it loaded. */
export function attachToastRenderer(next: Listener): () => void {
  listener = next;
  for (const toast of pending.splice(0)) next(toast);
  return () => {
    if (listener === next) listener = null;
  };
}

/** Called when the first toast is queued, so the outlet can start loading the renderer. */
export function onFirstToast(wake: () => void): () => void {
  if (pending.length > 0) wake();
  wakers.add(wake);
  return () => wakers.delete(wake);
}
