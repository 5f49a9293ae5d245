import type { ReactNode } from 'react';
import type { Combobox } from './use-combobox';

export interface ComboboxListProps<T> {
  combo: Combobox<T>;
  /** The listbox's accessible name. */
  label: string;
  optionKey(option: T): string;
  renderOption(option: T, active: boolean): ReactNode;
  className?: string;
  optionClassName?(active: boolean): string;
}

/**
 * The listbox of a `useCombobox` field: present (hidden) while closed, so the field's aria-controls always
 * names it. Pointer picks keep the focus, and the caret, in the field.
 */
export function ComboboxList<T>({
  combo,
  label,
  optionKey,
  renderOption,
  className,
  optionClassName,
}: ComboboxListProps<T>) {
  return (
    <ul id={combo.listId} role="listbox" aria-label={label} className={className} hidden={!combo.expanded}>
      {combo.expanded &&
        combo.options.map((option, index) => {
          const active = index === combo.active;
          return (
            <li
              key={optionKey(option)}
              id={combo.optionId(index)}
              role="option"
              aria-selected={active}
              className={optionClassName?.(active)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => combo.pick(option)}
            >
              {renderOption(option, active)}
            </li>
          );
        })}
    </ul>
  );
}

export interface ComboboxStatusProps {
  /** Referenced by the field's aria-describedby. */
  id: string;
  /** What the options are doing: loading, nothing found, failed; empty while there is nothing to say. */
  text: string;
  className?: string;
}

/** A polite live region beside the field for the list's loading, empty and failed states. */
export function ComboboxStatus({ id, text, className }: ComboboxStatusProps) {
  return (
    <p id={id} role="status" className={className}>
      {text}
    </p>
  );
}
