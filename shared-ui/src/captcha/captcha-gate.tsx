// No antd here: the hook is used by always-mounted parts (votes, comments) of pages that are otherwise
// antd-free; the dialog, which is antd, loads the first time one is needed (./captcha-dialog).
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { captchaMessage, type CaptchaAnswer, type CaptchaLoader } from './types';
import type { Pending } from './captcha-dialog';

const CaptchaDialog = lazy(() => import('./captcha-dialog'));

/** How a gated action ended: sent (with its result) or the dialog was cancelled. */
export type CaptchaGateResult<T> = { done: true; value: T } | { done: false };

export interface CaptchaGate {
  /**
   * Sends a protected action: asks the action record first; no captcha needed → `send({})` at once. When one
   * is needed, or the server refuses the action over the captcha anyway, the dialog asks for the code and
   * calls `send({captcha_id, captcha_code})`, showing captcha errors on its field with a fresh image until it
   * succeeds or is cancelled. Resolves {done:false} when cancelled; rejects with any other failure (for the
   * caller's form to show).
   */
  run<T>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<CaptchaGateResult<T>>;
  /** The dialog: render it anywhere in the caller's tree (it is a portal); null while closed. */
  dialog: ReactNode;
}

export interface UseCaptchaGateOptions<A extends string> {
  /** Loads the action record (GET user/action/record?action=…). */
  load: CaptchaLoader<A>;
}

/**
 * A captcha asked in a dialog, for actions whose form has no captcha field of its own (comments, posts,
 * resending a mail). See CaptchaGate.run.
 */
export function useCaptchaGate<A extends string>(action: A, { load }: UseCaptchaGateOptions<A>): CaptchaGate {
  const [pending, setPending] = useState<Pending | null>(null);
  // The latest `load` (callers may pass a new function each render without reloading).
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const fetchRecord = useCallback(() => loadRef.current(action).catch(() => null), [action]);

  const run = useCallback(
    async <T,>(send: (answer: CaptchaAnswer) => Promise<T>): Promise<CaptchaGateResult<T>> => {
      let record = await fetchRecord();
      let error: string | null = null;
      if (!record?.verify) {
        try {
          return { done: true, value: await send({}) };
        } catch (failure) {
          // The record said no (or could not be loaded), but the server wants a captcha after all.
          error = captchaMessage(failure);
          if (error === null) throw failure;
          record = await fetchRecord();
          if (!record?.verify) throw failure;
        }
      }
      const asked = record;
      return new Promise<CaptchaGateResult<T>>((resolve, reject) =>
        setPending({ record: asked, error, send, resolve: resolve as Pending['resolve'], reject }),
      );
    },
    [fetchRecord],
  );

  const dialog = pending ? (
    <Suspense fallback={null}>
      <CaptchaDialog pending={pending} refresh={fetchRecord} onClose={() => setPending(null)} />
    </Suspense>
  ) : null;
  return { run, dialog };
}
