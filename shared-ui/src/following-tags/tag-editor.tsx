import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { ComboboxList, ComboboxStatus, useCombobox } from '../components/combobox';
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
 * Chips of the tags to follow and the shared combobox that adds existing tags from the suggestions: arrows
 * move, Enter adds, Escape closes the list, Backspace in the empty field removes the last chip. Only
 * suggested tags can be added: following needs an existing tag.
 */
export function TagEditor({ value, onChange, suggest, disabled, inputRef, t }: TagEditorProps) {
  const uid = useId();
  const inputId = `${uid}-input`;
  const statusId = `${uid}-status`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
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
    setOpen(false);
  };

  const combo = useCombobox({
    id: uid,
    options,
    open,
    onOpenChange: setOpen,
    onPick: add,
    // The exactly named or the only suggestion; never submits a surrounding form.
    onEnter: () => {
      const exact = options.find((tag) => sameSlug(tag.slug_name, typed) || sameSlug(tag.display_name, typed));
      const chosen = exact ?? (options.length === 1 ? options[0] : undefined);
      if (chosen) add(chosen);
    },
  });

  const remove = (slug: string) => {
    onChange(value.filter((v) => v.slug_name !== slug));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Escape closes the list only: unsaved chips are never dropped by a stray key (Cancel does that).
    if (combo.onKeyDown(event)) return;
    if (event.key === 'Backspace' && text === '' && value.length > 0) onChange(value.slice(0, -1));
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
          {...combo.fieldProps}
          ref={input}
          id={inputId}
          className="agora-following-tags__input"
          type="text"
          autoComplete="off"
          aria-describedby={statusId}
          placeholder={full ? t('following_tags.full', { count: MAX_FOLLOWED_TAGS }) : t('following_tags.placeholder')}
          value={text}
          disabled={disabled || full}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            combo.setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ComboboxList
          combo={combo}
          label={t('following_tags.suggestions')}
          className="agora-following-tags__list"
          optionClassName={(active) => `agora-following-tags__option${active ? ' is-active' : ''}`}
          optionKey={(tag) => tag.slug_name}
          renderOption={(tag) => (
            <>
              <span>{tagName(tag)}</span>
              {tag.display_name && !sameSlug(tag.display_name, tag.slug_name) && (
                <span className="agora-following-tags__muted">{tag.slug_name}</span>
              )}
            </>
          )}
        />
      </div>
      <ComboboxStatus id={statusId} text={status} className="agora-following-tags__status" />
    </div>
  );
}
