import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import {
  MAX_FOLLOWED_TAGS,
  MAX_TAG_SUGGESTIONS,
  sameSlug,
  tagName,
  type FollowedTag,
  type TagSuggestLoader,
} from './types';
import { useTagSuggestions } from './use-tag-suggestions';

export interface TagEditorProps {
  value: readonly FollowedTag[];
  onChange: (tags: FollowedTag[]) => void;
  suggest: TagSuggestLoader;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  t: TFunction;
}

/**
 * Chips of the tags to follow and a combobox that adds existing tags from the suggestions (ARIA 1.2
 * combobox with a listbox popup): arrows move, Enter adds, Escape closes the list, Backspace in the empty
 * field removes the last chip. Only suggested tags can be added: following needs an existing tag.
 */
export function TagEditor({ value, onChange, suggest, disabled, inputRef, t }: TagEditorProps) {
  const uid = useId();
  const inputId = `${uid}-input`;
  const listId = `${uid}-list`;
  const statusId = `${uid}-status`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;

  const suggestions = useTagSuggestions(text, suggest);
  const typed = text.trim();
  const current = suggestions.prefix === typed && suggestions.status === 'done';
  const options = current
    ? suggestions.tags
        .filter((tag) => !value.some((v) => sameSlug(v.slug_name, tag.slug_name)))
        .slice(0, MAX_TAG_SUGGESTIONS)
    : [];
  const expanded = open && options.length > 0;
  const full = value.length >= MAX_FOLLOWED_TAGS;

  const status =
    !open || !typed
      ? ''
      : suggestions.status === 'error' && suggestions.prefix === typed
        ? t('following_tags.suggest_failed')
        : current && options.length === 0
          ? t('following_tags.no_match', { text: typed })
          : '';

  const add = (tag: FollowedTag) => {
    if (!value.some((v) => sameSlug(v.slug_name, tag.slug_name)) && !full) {
      onChange([...value, { slug_name: tag.slug_name, display_name: tag.display_name }]);
    }
    setText('');
    setActive(-1);
    setOpen(false);
  };

  const remove = (slug: string) => {
    onChange(value.filter((v) => v.slug_name !== slug));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      // Never submits a surrounding form.
      event.preventDefault();
      const picked = expanded && active >= 0 ? options[active] : undefined;
      const exact = options.find((tag) => sameSlug(tag.slug_name, typed) || sameSlug(tag.display_name, typed));
      const chosen = picked ?? exact ?? (options.length === 1 ? options[0] : undefined);
      if (chosen) add(chosen);
    } else if (event.key === 'Escape') {
      // Closes the list only: unsaved chips are never dropped by a stray key (Cancel does that).
      if (expanded) event.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="agora-following-tags__editor">
      {value.length > 0 ? (
        <ul className="agora-following-tags__chips" aria-label={t('following_tags.chosen_label')}>
          {value.map((tag) => (
            <li key={tag.slug_name} className="agora-following-tags__chip">
              <span>{tagName(tag)}</span>
              <button
                type="button"
                className="agora-following-tags__chip-remove"
                aria-label={t('following_tags.remove', { name: tagName(tag) })}
                disabled={disabled}
                onClick={() => remove(tag.slug_name)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="agora-following-tags__muted">{t('following_tags.none_chosen')}</p>
      )}
      <label htmlFor={inputId} className="agora-visually-hidden">
        {t('following_tags.input_label')}
      </label>
      <div className="agora-following-tags__combo">
        <input
          ref={input}
          id={inputId}
          className="agora-following-tags__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={statusId}
          placeholder={full ? t('following_tags.full', { count: MAX_FOLLOWED_TAGS }) : t('following_tags.placeholder')}
          value={text}
          disabled={disabled || full}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('following_tags.suggestions')}
          className="agora-following-tags__list"
          hidden={!expanded}
        >
          {expanded &&
            options.map((tag, index) => (
              <li
                key={tag.slug_name}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`agora-following-tags__option${index === active ? ' is-active' : ''}`}
                // Keeps the focus in the field while choosing with the mouse.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(tag)}
              >
                <span>{tagName(tag)}</span>
                {tag.display_name && !sameSlug(tag.display_name, tag.slug_name) && (
                  <span className="agora-following-tags__muted">{tag.slug_name}</span>
                )}
              </li>
            ))}
        </ul>
      </div>
      <p id={statusId} role="status" className="agora-following-tags__status">
        {status}
      </p>
    </div>
  );
}
