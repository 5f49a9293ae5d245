import { UserAvatar, useDebounced } from '@agora/shared-ui';
import { ComboboxList, useCombobox } from '@agora/shared-ui/combobox';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type SyntheticEvent, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { userSearchQuery } from '@agora/shared-api/resources/profile';
import { NAMESPACE } from '../namespace';
import { insertMention, mentionAt, mentionOptions, type MentionPerson } from './mention';
import './mention-textarea.css';

/** Typing pauses this long before the server is asked for people. */
const SEARCH_DELAY_MS = 250;

type AriaProps = Pick<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid' | 'placeholder' | 'autoFocus' | 'rows'
>;

export interface MentionTextareaProps extends AriaProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** People of the thread, offered first. */
  people: readonly MentionPerson[];
  /** The author's username: never offered. */
  self?: string;
  /** Whether the server may be asked (user/info/search needs an activated login). */
  canSearch: boolean;
  /** A person was picked from the list. */
  onPick?(username: string): void;
  className?: string;
}

/**
 * A textarea offering people to mention: '@' plus word characters lists up to 5 people (the shared
 * combobox); the arrows move, Enter or Tab picks, Escape closes the list until another mention starts.
 */
export function MentionTextarea({
  id,
  value,
  onChange,
  people,
  self,
  canSearch,
  onPick,
  className,
  autoFocus,
  ...aria
}: MentionTextareaProps) {
  const { t } = useTranslation(NAMESPACE);
  const ref = useRef<HTMLTextAreaElement>(null);
  const caretAfterPick = useRef<number | null>(null);
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  /** The '@' whose list was closed with Escape: it stays closed until another mention starts. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const query = useDebounced(at?.query ?? '', SEARCH_DELAY_MS);
  const search = useQuery({ ...userSearchQuery(query), enabled: canSearch && !!at && query.length > 0 });

  const options = at && dismissed !== at.start ? mentionOptions(at.query, people, search.data ?? [], self) : [];
  const open = options.length > 0;

  // A prefilled text ('@name ' of a reply, a comment being edited) is continued at its end.
  useEffect(() => {
    const node = ref.current;
    if (!autoFocus || !node) return;
    node.focus();
    node.setSelectionRange(node.value.length, node.value.length);
    // Only when the box appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !ref.current) return;
    caretAfterPick.current = null;
    ref.current.setSelectionRange(caret, caret);
  }, [value]);

  const follow = (text: string, caret: number | null) => {
    const next = caret === null ? null : mentionAt(text, caret);
    if (at?.start !== next?.start || at?.query !== next?.query) {
      setAt(next);
      combo.setActive(0);
    }
    if (next?.start !== dismissed) setDismissed(null);
  };

  const pick = (person: MentionPerson) => {
    if (!at) return;
    const next = insertMention(value, at, person.username);
    caretAfterPick.current = next.caret;
    setAt(null);
    onChange(next.text);
    onPick?.(person.username);
  };

  const combo = useCombobox({
    id,
    options,
    open: true,
    // Escape closes the list only, not whatever dialog or form holds the textarea.
    onOpenChange: (next) => {
      if (!next && open && at) setDismissed(at.start);
    },
    onPick: pick,
    activateFirst: true,
    tabPicks: true,
  });

  const onCaretMove = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const key = 'key' in event ? String(event.key) : '';
    // The list's own keys do not move the caret.
    if (open && ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(key)) return;
    follow(event.currentTarget.value, event.currentTarget.selectionStart);
  };

  return (
    <div className="qa-mention">
      <textarea
        {...aria}
        {...combo.fieldProps}
        ref={ref}
        id={id}
        className={className}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={combo.onKeyDown}
        onKeyUp={onCaretMove}
        onClick={onCaretMove}
        onBlur={() => setAt(null)}
      />
      <ComboboxList
        combo={combo}
        label={t('comments.mention.label')}
        className="qa-mention__list"
        optionClassName={(active) => `qa-mention__option${active ? ' qa-mention__option--active' : ''}`}
        optionKey={(person) => person.username}
        renderOption={(person) => (
          <>
            <UserAvatar avatar={person.avatar} name={person.display_name || person.username} size={24} />
            <span className="qa-mention__name">{person.display_name || person.username}</span>
            <span className="qa-mention__username">@{person.username}</span>
          </>
        )}
      />
    </div>
  );
}
