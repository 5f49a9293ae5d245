import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import {
  askApi,
  askKeys,
  DUPLICATE_HIGHLIGHT_MS,
  MAX_SUGGESTIONS,
  MAX_TAGS,
  SUGGEST_DEBOUNCE_MS,
  TAG_SLUG_MAX,
  tagAddPermissionQuery,
  type TagBrief,
} from './api';
import { useDebounced } from './use-debounced';

/** A tag on the form: an existing tag, or a new one the server creates with the post (`isNew`). */
export interface ChosenTag {
  slug_name: string;
  display_name: string;
  reserved?: boolean;
  recommend?: boolean;
  isNew?: boolean;
}

/** A tag named by the site's write settings. */
export interface SettingTagRef {
  slug_name: string;
  display_name?: string;
}

export interface TagRules {
  /** Moderators and admins (role 3, 2) may use reserved tags (SPEC §5). */
  canUseReserved: boolean;
  reserved: readonly SettingTagRef[];
  recommended: readonly SettingTagRef[];
}

export const sameSlug = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function isReserved(tag: ChosenTag, rules: TagRules): boolean {
  return !!tag.reserved || rules.reserved.some((r) => sameSlug(r.slug_name, tag.slug_name));
}

export function isRecommended(tag: ChosenTag, rules: TagRules): boolean {
  return !!tag.recommend || rules.recommended.some((r) => sameSlug(r.slug_name, tag.slug_name));
}

/** SPEC §5: the search text loses its semicolons. */
export const cleanSearch = (text: string) => text.replace(/;/g, '');

/** A new tag's slug from what was typed: lower case, spaces as hyphens (SPEC §5 slug characters). */
export const slugOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');
const SLUG_PATTERN = /^[a-z0-9+#.-]+$/;

export interface TagPickerProps {
  id: string;
  value?: ChosenTag[];
  onChange?: (tags: ChosenTag[]) => void;
  rules: TagRules;
  invalid?: boolean;
  describedBy?: string;
}

type Option = { kind: 'tag'; tag: TagBrief } | { kind: 'create'; text: string };

/**
 * The tag field (SPEC §5): chips of the chosen tags, a combobox with up to 5 suggestions from GET
 * question/tags?tag=, and the site's recommended tags. Duplicates (slug, any case) are not added but the
 * chip already there flashes for 2 s; at most 5 tags; a new tag needs permission tag.add.
 */
export function TagPicker({ id, value = [], onChange, rules, invalid, describedBy }: TagPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const uid = useId();
  const listId = `${uid}-list`;
  const problemId = `${uid}-problem`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  // A new object per highlight, so highlighting the same chip again restarts its 2 s.
  const [flash, setFlash] = useState<{ slug: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), DUPLICATE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  // Known before the user needs it, so creating a tag does not wait.
  useQuery(tagAddPermissionQuery());

  const search = cleanSearch(text).trim();
  const debounced = useDebounced(search, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: askKeys.tags(debounced),
    queryFn: ({ signal }) => askApi.questionTags(debounced, signal),
    enabled: debounced !== '',
    staleTime: 30_000,
  });
  const shown =
    debounced === search && search !== ''
      ? (suggestions.data ?? []).filter((tag) => rules.canUseReserved || !tag.reserved).slice(0, MAX_SUGGESTIONS)
      : [];
  const exact = shown.some((tag) => sameSlug(tag.slug_name, slugOf(search)) || sameSlug(tag.display_name, search));
  const options: Option[] = [
    ...shown.map((tag): Option => ({ kind: 'tag', tag })),
    ...(search && !exact && debounced === search && !suggestions.isFetching
      ? [{ kind: 'create', text: search } as Option]
      : []),
  ];
  const expanded = open && options.length > 0;
  const full = value.length >= MAX_TAGS;

  const highlight = (slug: string) => setFlash({ slug: slug.toLowerCase() });

  const reset = () => {
    setText('');
    setActive(-1);
    setOpen(false);
  };

  /** Adds a tag; answers whether it was added. */
  const add = (tag: ChosenTag): boolean => {
    const existing = value.find((v) => sameSlug(v.slug_name, tag.slug_name));
    if (existing) {
      highlight(existing.slug_name);
      reset();
      return false;
    }
    if (value.length >= MAX_TAGS) {
      setProblem(t('ask.tags.max', { count: MAX_TAGS }));
      return false;
    }
    if (isReserved(tag, rules) && !rules.canUseReserved) {
      setProblem(t('ask.tags.reserved', { name: tag.display_name }));
      return false;
    }
    setProblem(null);
    onChange?.([...value, tag]);
    reset();
    return true;
  };

  const create = async (typed: string) => {
    const slug = slugOf(typed);
    const known = shown.find((tag) => sameSlug(tag.slug_name, slug));
    if (known) return void add(fromBrief(known));
    if (value.some((v) => sameSlug(v.slug_name, slug))) return void add({ slug_name: slug, display_name: typed });
    if (slug.length > TAG_SLUG_MAX) return setProblem(t('ask.tags.too_long', { count: TAG_SLUG_MAX }));
    if (!SLUG_PATTERN.test(slug)) return setProblem(t('ask.tags.bad_characters'));
    const permission = await queryClient.fetchQuery(tagAddPermissionQuery()).catch(() => null);
    if (permission && !permission.has_permission) {
      setProblem(permission.no_permission_tip || t('ask.tags.no_permission'));
      return;
    }
    add({ slug_name: slug, display_name: typed.trim(), isNew: true });
  };

  const choose = (option: Option) => {
    if (option.kind === 'tag') add(fromBrief(option.tag));
    else void create(option.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      // Never submits the form from here.
      event.preventDefault();
      if (!search) return;
      const picked = expanded && active >= 0 ? options[active] : undefined;
      if (picked) return choose(picked);
      const match = shown.find((tag) => sameSlug(tag.slug_name, slugOf(search)) || sameSlug(tag.display_name, search));
      if (match) add(fromBrief(match));
      else void create(search);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange?.(value.slice(0, -1));
    }
  };

  const remove = (slug: string) => {
    setProblem(null);
    onChange?.(value.filter((v) => v.slug_name !== slug));
    inputRef.current?.focus();
  };

  const missingRecommended = rules.recommended.filter((r) => !value.some((v) => sameSlug(v.slug_name, r.slug_name)));

  return (
    <div className="qa-tags">
      <div className={`qa-tags__box${invalid ? ' qa-tags__box--error' : ''}`}>
        {value.length > 0 && (
          <ul className="qa-tags__chips" aria-label={t('ask.tags.chosen')}>
            {value.map((tag) => {
              const flashing = flash?.slug === tag.slug_name.toLowerCase();
              return (
                <li
                  key={tag.slug_name}
                  className={`qa-tag-chip${flashing ? ' qa-tag-chip--flash' : ''}`}
                  data-highlighted={flashing || undefined}
                >
                  <span>{tag.display_name || tag.slug_name}</span>
                  <button
                    type="button"
                    className="qa-tag-chip__remove"
                    aria-label={t('ask.tags.remove', { name: tag.display_name || tag.slug_name })}
                    onClick={() => remove(tag.slug_name)}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          className="qa-tags__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={invalid || !!problem || undefined}
          aria-describedby={[describedBy, problem ? problemId : null].filter(Boolean).join(' ') || undefined}
          placeholder={full ? t('ask.tags.full', { count: MAX_TAGS }) : t('ask.tags.placeholder')}
          value={text}
          disabled={full}
          onChange={(e) => {
            setText(cleanSearch(e.target.value));
            setOpen(true);
            setActive(-1);
            setProblem(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('ask.tags.suggestions')}
        className="qa-tags__list"
        hidden={!expanded}
      >
        {expanded &&
          options.map((option, index) => (
            <li
              key={option.kind === 'tag' ? option.tag.slug_name : `create:${option.text}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`qa-tags__option${index === active ? ' qa-tags__option--active' : ''}`}
              // Keeps the focus in the input while choosing with the mouse.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'tag' ? (
                <>
                  <span className="qa-tags__option-name">{option.tag.display_name}</span>
                  {option.tag.display_name.toLowerCase() !== option.tag.slug_name && (
                    <span className="qa-tags__option-slug">{option.tag.slug_name}</span>
                  )}
                </>
              ) : (
                t('ask.tags.create', { name: option.text })
              )}
            </li>
          ))}
      </ul>
      {problem && (
        <div id={problemId} role="alert" className="qa-ask-error">
          {problem}
        </div>
      )}
      {rules.recommended.length > 0 && (
        <div className="qa-tags__recommended">
          <span id={`${uid}-rec`}>{t('ask.tags.recommended')}</span>
          <ul aria-labelledby={`${uid}-rec`}>
            {rules.recommended.map((tag) => {
              const chosen = !missingRecommended.includes(tag);
              const name = tag.display_name || tag.slug_name;
              return (
                <li key={tag.slug_name}>
                  <button
                    type="button"
                    className="qa-tags__rec"
                    aria-pressed={chosen}
                    aria-label={t('ask.tags.add_recommended', { name })}
                    onClick={() => add({ slug_name: tag.slug_name, display_name: name, recommend: true })}
                  >
                    {name}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function fromBrief(tag: TagBrief): ChosenTag {
  return { slug_name: tag.slug_name, display_name: tag.display_name, reserved: tag.reserved, recommend: tag.recommend };
}
