import { useState, type KeyboardEvent } from 'react';

export interface UseComboboxOptions<T> {
  /** Unique on the page: the listbox is `{id}-list`, its options `{id}-option-{index}`. */
  id: string;
  /** The options the list shows now (already loaded, filtered and capped by the caller). */
  options: readonly T[];
  /** Whether the list may show (the field has focus, a mention is being typed); it shows when it has options. */
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(option: T): void;
  /**
   * Enter while no option is active (for example: add what was typed). When given, Enter never submits the
   * form around the field; without it, Enter with no active option is left to the field (a new line).
   */
  onEnter?(): void;
  /** The first option is active as soon as the list shows (mentions), instead of none until an arrow key. */
  activateFirst?: boolean;
  /** Tab picks the active option as Enter does (mentions), instead of moving on. */
  tabPicks?: boolean;
}

/** What the field (an input or a textarea) spreads: the ARIA combobox attributes and the keys. */
export interface ComboboxFieldProps {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-haspopup': 'listbox';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
}

export interface Combobox<T> {
  listId: string;
  optionId(index: number): string;
  options: readonly T[];
  /** The list shows: open and with options. */
  expanded: boolean;
  /** The active option's index, -1 for none. */
  active: number;
  /** Sets the active option (-1: none), for example when the typed text changes. */
  setActive(index: number): void;
  pick(option: T): void;
  fieldProps: ComboboxFieldProps;
  /** The list's keys: arrows, Enter, Tab (when it picks), Escape. True when the key was the list's. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
}

/**
 * The state and keyboard of an ARIA 1.2 combobox with a listbox popup, for any text field: the focus stays in
 * the field and the active option is named by aria-activedescendant. Up and Down move through the options
 * (wrapping, and opening the list), Enter picks the active one, Escape closes the list and stops there (a
 * dialog or form around the field is not closed by it). Render the list with `ComboboxList`.
 */
export function useCombobox<T>({
  id,
  options,
  open,
  onOpenChange,
  onPick,
  onEnter,
  activateFirst = false,
  tabPicks = false,
}: UseComboboxOptions<T>): Combobox<T> {
  const [chosen, setActive] = useState(activateFirst ? 0 : -1);
  const count = options.length;
  const expanded = open && count > 0;
  const active = Math.min(activateFirst ? Math.max(chosen, 0) : chosen, count - 1);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (option: T) => {
    setActive(activateFirst ? 0 : -1);
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    const picked = expanded && active >= 0 ? options[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return false;
        event.preventDefault();
        onOpenChange(true);
        const from = expanded ? active : -1;
        if (event.key === 'ArrowDown') setActive((from + 1) % count);
        else setActive(from <= 0 ? count - 1 : from - 1);
        return true;
      }
      case 'Enter':
        if (picked !== undefined) {
          event.preventDefault();
          pick(picked);
          return true;
        }
        if (!onEnter) return false;
        event.preventDefault();
        onEnter();
        return true;
      case 'Tab':
        if (!tabPicks || picked === undefined) return false;
        event.preventDefault();
        pick(picked);
        return true;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
        }
        onOpenChange(false);
        setActive(activateFirst ? 0 : -1);
        return expanded;
      default:
        return false;
    }
  };

  return {
    listId,
    optionId,
    options,
    expanded,
    active: expanded ? active : -1,
    setActive,
    pick,
    fieldProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    },
    onKeyDown,
  };
}
