import { tagAddPermissionQuery } from '@agora/shared-api/resources/permission';
import { tagSearchQuery } from '@agora/shared-api/resources/tag';
import type { TagBrief } from '@agora/shared-api/contract';
import { useDebounced } from '@agora/shared-ui';
import { ComboboxList, useCombobox } from '@agora/shared-ui/combobox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import {
  cleanSearch,
  DUPLICATE_HIGHLIGHT_MS,
  isReserved,
  MAX_SUGGESTIONS,
  MAX_TAGS,
  sameSlug,
  SLUG_PATTERN,
  slugOf,
  SUGGEST_DEBOUNCE_MS,
  TAG_SLUG_MAX,
  type ChosenTag,
  type TagRules,
} from './chosen-tags';
import './tag-picker.css';

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
 * The tag field of a post: chips of the chosen tags, the shared combobox with up to 5 suggestions from GET
 * question/tags?tag=, and the site's recommended tags. Duplicates (slug, any case) are not added but the
 * chip already there flashes for 2 s; at most 5 tags; a new tag needs permission tag.add.
 */
export function TagPicker({ id, value = [], onChange, rules, invalid, describedBy }: TagPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const uid = useId();
  const problemId = `${uid}-problem`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
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
  const suggestions = useQuery({ ...tagSearchQuery(debounced), enabled: debounced !== '', staleTime: 30_000 });
  const shown =
    debounced === search && search !== ''
      ? (suggestions.data ?? []).filter((tag) => rules.canUseReserved || !tag.reserved).slice(0, MAX_SUGGESTIONS)
      : [];
  const findShown = (typed: string) =>
    shown.find((tag) => sameSlug(tag.slug_name, slugOf(typed)) || sameSlug(tag.display_name, typed));
  const options: Option[] = [
    ...shown.map((tag): Option => ({ kind: 'tag', tag })),
    ...(search && !findShown(search) && debounced === search && !suggestions.isFetching
      ? [{ kind: 'create', text: search } as Option]
      : []),
  ];
  const full = value.length >= MAX_TAGS;

  const reset = () => {
    setText('');
    combo.setActive(-1);
    setOpen(false);
  };

  /** Adds a tag; answers whether it was added. */
  const add = (tag: ChosenTag): boolean => {
    const existing = value.find((v) => sameSlug(v.slug_name, tag.slug_name));
    if (existing) {
      setFlash({ slug: existing.slug_name.toLowerCase() });
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

  const combo = useCombobox<Option>({
    id: uid,
    options,
    open,
    onOpenChange: setOpen,
    onPick: (option) => (option.kind === 'tag' ? void add(fromBrief(option.tag)) : void create(option.text)),
    // Enter never submits the form from here: it adds the typed tag when no suggestion is active.
    onEnter: () => {
      if (!search) return;
      const match = findShown(search);
      if (match) add(fromBrief(match));
      else void create(search);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (combo.onKeyDown(event)) return;
    if (event.key === 'Backspace' && text === '' && value.length > 0) onChange?.(value.slice(0, -1));
  };

  const remove = (slug: string) => {
    setProblem(null);
    onChange?.(value.filter((v) => v.slug_name !== slug));
    inputRef.current?.focus();
  };

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
          {...combo.fieldProps}
          ref={inputRef}
          id={id}
          className="qa-tags__input"
          type="text"
          autoComplete="off"
          aria-invalid={invalid || !!problem || undefined}
          aria-describedby={[describedBy, problem ? problemId : null].filter(Boolean).join(' ') || undefined}
          placeholder={full ? t('ask.tags.full', { count: MAX_TAGS }) : t('ask.tags.placeholder')}
          value={text}
          disabled={full}
          onChange={(e) => {
            setText(cleanSearch(e.target.value));
            setOpen(true);
            combo.setActive(-1);
            setProblem(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ComboboxList
        combo={combo}
        label={t('ask.tags.suggestions')}
        className="qa-tags__list"
        optionClassName={(active) => `qa-tags__option${active ? ' qa-tags__option--active' : ''}`}
        optionKey={(option) => (option.kind === 'tag' ? option.tag.slug_name : `create:${option.text}`)}
        renderOption={(option) =>
          option.kind === 'tag' ? (
            <>
              <span className="qa-tags__option-name">{option.tag.display_name}</span>
              {option.tag.display_name.toLowerCase() !== option.tag.slug_name && (
                <span className="qa-tags__option-slug">{option.tag.slug_name}</span>
              )}
            </>
          ) : (
            t('ask.tags.create', { name: option.text })
          )
        }
      />
      {problem && (
        <div id={problemId} role="alert" className="qa-ask-error">
          {problem}
        </div>
      )}
      <RecommendedTags rules={rules} value={value} onAdd={add} />
    </div>
  );
}

/** The site's recommended tags as toggles: pressed once chosen; a press adds the tag. */
function RecommendedTags({
  rules,
  value,
  onAdd,
}: {
  rules: TagRules;
  value: ChosenTag[];
  onAdd(tag: ChosenTag): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const uid = useId();
  if (rules.recommended.length === 0) return null;
  return (
    <div className="qa-tags__recommended">
      <span id={`${uid}-rec`}>{t('ask.tags.recommended')}</span>
      <ul aria-labelledby={`${uid}-rec`}>
        {rules.recommended.map((tag) => {
          const chosen = value.some((v) => sameSlug(v.slug_name, tag.slug_name));
          const name = tag.display_name || tag.slug_name;
          return (
            <li key={tag.slug_name}>
              <button
                type="button"
                className="qa-tags__rec"
                aria-pressed={chosen}
                aria-label={t('ask.tags.add_recommended', { name })}
                onClick={() => onAdd({ slug_name: tag.slug_name, display_name: name, recommend: true })}
              >
                {name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function fromBrief(tag: TagBrief): ChosenTag {
  return { slug_name: tag.slug_name, display_name: tag.display_name, reserved: tag.reserved, recommend: tag.recommend };
}
