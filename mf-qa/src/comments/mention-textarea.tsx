import { UserAvatar } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { userSearchQuery } from './api';
import { insertMention, mentionAt, mentionOptions, type MentionPerson } from './mention';

/** Typing pauses this long before the server is asked for people. */
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

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
 * A textarea offering people to mention (SPEC §5): '@' plus word characters lists up to 5 people; the
 * arrows move, Enter or Tab picks, Escape closes. ARIA combobox with a listbox and aria-activedescendant.
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
  const [active, setActive] = useState(0);
  /** The '@' whose list was closed with Escape: it stays closed until another mention starts. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const query = useDebounced(at?.query ?? '', SEARCH_DELAY_MS);
  const search = useQuery({ ...userSearchQuery(query), enabled: canSearch && !!at && query.length > 0 });

  const options = at && dismissed !== at.start ? mentionOptions(at.query, people, search.data ?? [], self) : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;

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
      setActive(0);
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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !at) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((current + 1) % options.length);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActive((current - 1 + options.length) % options.length);
        return;
      case 'Enter':
      case 'Tab':
        event.preventDefault();
        pick(options[current]!);
        return;
      case 'Escape':
        // Closes the list only, not whatever dialog or form holds the textarea.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(at.start);
        return;
    }
  };

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
        ref={ref}
        id={id}
        className={className}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(current) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={onCaretMove}
        onClick={onCaretMove}
        onBlur={() => setAt(null)}
      />
      <ul
        id={listId}
        role="listbox"
        className="qa-mention__list"
        aria-label={t('comments.mention.label')}
        hidden={!open}
      >
        {options.map((person, index) => (
          <li
            key={person.username}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={`qa-mention__option${index === current ? ' qa-mention__option--active' : ''}`}
            // Keeps the focus (and the caret) in the textarea while the pointer picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(person)}
          >
            <UserAvatar avatar={person.avatar} name={person.display_name || person.username} size={24} />
            <span className="qa-mention__name">{person.display_name || person.username}</span>
            <span className="qa-mention__username">@{person.username}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
