import { useEffect, useRef, useState } from 'react';
import { SUGGEST_DEBOUNCE_MS, type FollowedTag, type TagSuggestLoader } from './types';

export interface TagSuggestions {
  /** The prefix the current `tags` answer (the typed text once it has rested). */
  prefix: string;
  tags: readonly FollowedTag[];
  status: 'idle' | 'loading' | 'done' | 'error';
}

type Answer = { prefix: string; tags: readonly FollowedTag[]; failed: boolean };

/** Debounced suggestions for `text`; a newer text aborts the older request. An empty text asks nothing. */
export function useTagSuggestions(text: string, suggest: TagSuggestLoader): TagSuggestions {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const prefix = text.trim();
  // The latest loader, so a caller passing a new function each render does not restart the request.
  const loader = useRef(suggest);
  useEffect(() => {
    loader.current = suggest;
  });

  useEffect(() => {
    if (!prefix) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loader.current(prefix, controller.signal).then(
        (tags) => {
          if (!controller.signal.aborted) setAnswer({ prefix, tags, failed: false });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ prefix, tags: [], failed: true });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [prefix]);

  if (!prefix) return { prefix, tags: [], status: 'idle' };
  if (!answer || answer.prefix !== prefix) return { prefix, tags: [], status: 'loading' };
  return { prefix, tags: answer.tags, status: answer.failed ? 'error' : 'done' };
}
