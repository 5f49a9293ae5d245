import { tagSuggestionsQuery } from '@agora/shared-api/resources/tag';
import { useDebounced } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { type TagSuggestion } from '../api';

const SUGGEST_DEBOUNCE_MS = 250;

/** The tags GET question/tags suggests for what is typed (debounced), less those `keep` leaves out. */
export function useTagSuggestions(text: string, keep: (tag: TagSuggestion) => boolean): TagSuggestion[] {
  const typed = useDebounced(text.trim().toLowerCase(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(tagSuggestionsQuery(typed));
  return (suggestions.data ?? []).filter(keep);
}

/**
 * A box for a tag slug (the synonym editor, the merge dialog): `;` is dropped as typed, and an error
 * (shown by the caller with `errorId`) marks it invalid and describes it.
 */
export function TagSlugInput({
  id,
  value,
  error,
  errorId,
  inputRef,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  errorId: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (text: string) => void;
}) {
  return (
    <input
      id={id}
      ref={inputRef}
      className="qa-tag-input"
      value={value}
      autoComplete="off"
      aria-invalid={!!error || undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange(event.target.value.replace(/;/g, ''))}
    />
  );
}
