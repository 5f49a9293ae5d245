import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CaptchaAnswer, CaptchaLoader, CaptchaRecord } from './types';

/** The captcha state of one protected action, for a form that shows the captcha inline (CaptchaField). */
export interface Captcha<A extends string = string> {
  action: A;
  /** The latest record; null until it arrives (or when it could not be loaded). */
  record: CaptchaRecord | null;
  /** True when the next action needs a captcha answer. */
  required: boolean;
  /** True when the last load failed (the action is still sent; the server decides). */
  failed: boolean;
  /** Asks the server again: a new image when one is required (captchas are single use). */
  refresh(): Promise<CaptchaRecord | null>;
  /** What to send with the action for the given answer ({} when no captcha is required). */
  answer(code: string | undefined): CaptchaAnswer;
}

export interface UseCaptchaOptions<A extends string> {
  /** Loads the action record (GET user/action/record?action=…). */
  load: CaptchaLoader<A>;
  /** Do not load on mount (e.g. before the user is known); `refresh()` loads. */
  lazy?: boolean;
}

/** The answer to send for `record` and the typed code: {} when the record asks for nothing. */
export function captchaAnswer(record: CaptchaRecord | null, code: string | undefined): CaptchaAnswer {
  return record?.verify ? { captcha_id: record.captcha_id, captcha_code: (code ?? '').trim() } : {};
}

/**
 * The captcha of one protected action: the action record tells whether the next action
 * needs a captcha and, when it does, brings a fresh image. Loaded on mount (and when `action` changes)
 * unless `lazy`; the latest request wins, so a slow earlier answer never replaces a newer image.
 */
export function useCaptcha<A extends string>(action: A, { load, lazy = false }: UseCaptchaOptions<A>): Captcha<A> {
  const [record, setRecord] = useState<CaptchaRecord | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest `load` (callers may pass a new function each render without reloading).
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const sequence = useRef(0);

  const refresh = useCallback(async (): Promise<CaptchaRecord | null> => {
    const turn = ++sequence.current;
    try {
      const next = await loadRef.current(action);
      if (turn === sequence.current) {
        setRecord(next);
        setFailed(false);
      }
      return next;
    } catch {
      if (turn === sequence.current) {
        setRecord(null);
        setFailed(true);
      }
      return null;
    }
  }, [action]);

  useEffect(() => {
    if (!lazy) void refresh();
    return () => {
      // Answers of an earlier action (or of an unmounted form) are dropped.
      sequence.current += 1;
    };
  }, [lazy, refresh]);

  const answer = useCallback((code: string | undefined) => captchaAnswer(record, code), [record]);

  return { action, record, required: !!record?.verify, failed, refresh, answer };
}
