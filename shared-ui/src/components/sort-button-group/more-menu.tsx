import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSharedUiTranslation } from '../../i18n/register';
import type { SortOption } from './sort-button-group';

interface MoreMenuProps<V extends string> {
  options: readonly SortOption<V>[];
  value: V;
  onSelect: (value: V) => void;
  hrefFor?: (value: V) => string;
}

/**
 * A menu button in plain markup (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it on the
 * first item (ArrowUp on the last), arrows/Home/End move, Escape closes and returns focus, Tab leaves.
 */
export function MoreMenu<V extends string>({ options, value, onSelect, hrefFor }: MoreMenuProps<V>) {
  const { t } = useSharedUiTranslation();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const active = options.find((option) => option.value === value);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  const choose = (option: SortOption<V>) => {
    onSelect(option.value);
    close(!hrefFor);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : options.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="agora-sort__more" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={`agora-sort__btn agora-sort__trigger${active ? ' is-active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
      >
        {active ? active.label : t('sort.more')}
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('sort.more_options')}
          className="agora-sort__menu"
          onKeyDown={onMenuKeyDown}
        >
          {options.map((option, index) => {
            const checked = option.value === value;
            const common = {
              ref: (element: HTMLElement | null) => {
                itemRefs.current[index] = element;
              },
              role: 'menuitemradio',
              'aria-checked': checked,
              tabIndex: index === focusIndex ? 0 : -1,
              className: 'agora-sort__item',
              onClick: () => choose(option),
            };
            return (
              <li key={option.value} role="none">
                {hrefFor ? (
                  <Link {...common} to={hrefFor(option.value)}>
                    {option.label}
                  </Link>
                ) : (
                  <button {...common} type="button">
                    {option.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
