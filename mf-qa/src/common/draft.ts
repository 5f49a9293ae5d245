// Local drafts of the ask, edit and answer forms (kept in the browser: 3 s debounce,
// 7 days).
import { useCallback, useEffect, useRef, useState } from 'react';

export const DRAFT_SAVE_DEBOUNCE_MS = 3_000;
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Every draft key starts with this; one key per form kind (ask), per post (edits) or per question (answers). */
export const DRAFT_PREFIX = 'agora.qa.draft.';

export const draftKeys = {
  ask: () => `${DRAFT_PREFIX}ask`,
  question: (questionId: string) => `${DRAFT_PREFIX}question.${questionId}`,
  answer: (answerId: string) => `${DRAFT_PREFIX}answer.${answerId}`,
  /** A new answer being written on the question's page. */
  newAnswer: (questionId: string) => `${DRAFT_PREFIX}new-answer.${questionId}`,
};

interface Stored<T> {
  /** Epoch milliseconds of the last save. */
  savedAt: number;
  value: T;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage may be disabled (privacy settings): drafts simply are not kept.
    return null;
  }
}

/** Drops every draft older than DRAFT_MAX_AGE_MS (and any that cannot be read). */
export function dropExpiredDrafts(now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    const stored = parse(store.getItem(key));
    if (!stored || now - stored.savedAt > DRAFT_MAX_AGE_MS) store.removeItem(key);
  }
}

function parse(raw: string | null): Stored<unknown> | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<Stored<unknown>>;
    return typeof data.savedAt === 'number' && data.value !== undefined ? (data as Stored<unknown>) : null;
  } catch {
    return null;
  }
}

export function readDraft<T>(key: string, now = Date.now()): Stored<T> | null {
  dropExpiredDrafts(now);
  return parse(storage()?.getItem(key) ?? null) as Stored<T> | null;
}

export function writeDraft<T>(key: string, value: T, now = Date.now()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now, value } satisfies Stored<T>));
  } catch {
    // Quota exceeded: the draft is not kept; the form still works.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(key);
}

export interface Draft<T> {
  /** The draft found when the form opened (null: none, or it expired), with when it was saved. */
  restored: Stored<T> | null;
  /** Call with the form's values on each change; saved after 3 s of rest, or removed when `empty`. */
  schedule(value: T, empty: boolean): void;
  /** Forgets the draft now (discard, successful submit) and cancels a pending save. */
  clear(): void;
}

/**
 * One form's draft under `key` (null while the form cannot have one yet, e.g. the post is loading). The
 * draft found on opening is read once per key; expired drafts of every form are dropped then.
 */
export function useDraft<T>(key: string | null): Draft<T> {
  const [restored, setRestored] = useState<{ key: string | null; draft: Stored<T> | null }>(() => ({
    key,
    draft: key ? readDraft<T>(key) : null,
  }));
  if (restored.key !== key) setRestored({ key, draft: key ? readDraft<T>(key) : null });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, [key]);

  const schedule = useCallback(
    (value: T, empty: boolean) => {
      if (!key) return;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        if (empty) removeDraft(key);
        else writeDraft(key, value);
      }, DRAFT_SAVE_DEBOUNCE_MS);
    },
    [key],
  );

  const clear = useCallback(() => {
    cancel();
    if (key) removeDraft(key);
  }, [key]);

  return { restored: restored.key === key ? restored.draft : null, schedule, clear };
}
