import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDebounced } from '../../hooks/use-debounced';
import { ComboboxList, ComboboxStatus } from './combobox-list';
import { useCombobox, type UseComboboxOptions } from './use-combobox';

const FRUITS = ['Apple', 'Apricot', 'Avocado'];

type Extra = Pick<UseComboboxOptions<string>, 'activateFirst' | 'tabPicks' | 'onEnter'>;

/** A field over the shared combobox: its options are FRUITS starting with the typed text. */
function Field({ onPick, loading = false, ...extra }: Extra & { onPick: (fruit: string) => void; loading?: boolean }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = text.trim().toLowerCase();
  const options = typed && !loading ? FRUITS.filter((f) => f.toLowerCase().startsWith(typed)) : [];
  const combo = useCombobox({ id: 'fruit', options, open, onOpenChange: setOpen, onPick, ...extra });
  const status = typed && loading ? 'Loading…' : typed && options.length === 0 ? 'No fruit' : '';
  return (
    <form
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => event.key === 'Escape' && onPick('form saw Escape')}
    >
      <label htmlFor="fruit-field">Fruit</label>
      <input
        {...combo.fieldProps}
        id="fruit-field"
        aria-describedby="fruit-status"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          combo.setActive(extra.activateFirst ? 0 : -1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={combo.onKeyDown}
      />
      <ComboboxList
        combo={combo}
        label="Fruits"
        optionKey={(f) => f}
        renderOption={(f) => f}
        optionClassName={(active) => (active ? 'is-active' : '')}
      />
      <ComboboxStatus id="fruit-status" text={status} />
    </form>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Fruit' });
const options = () => screen.getAllByRole('option');

describe('useCombobox with ComboboxList', () => {
  it('is an ARIA combobox: the listbox it controls, hidden until there are options', async () => {
    const user = userEvent.setup();
    render(<Field onPick={vi.fn()} />);
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(field()).toHaveAttribute('aria-controls', listbox.id);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(listbox).not.toBeVisible();

    await user.type(field(), 'ap');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Fruits' })).toBeVisible();
    expect(options().map((o) => o.textContent)).toEqual(['Apple', 'Apricot']);
    expect(field()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves with the arrows (wrapping), names the active option and picks it with Enter', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Field onPick={onPick} />);
    await user.type(field(), 'a');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[1]).toHaveClass('is-active');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('Apple');
    expect(field()).toHaveFocus();
  });

  it('closes with Escape without reaching the form, and an arrow opens it again', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Field onPick={onPick} />);
    await user.type(field(), 'av');
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    // Closed, Escape is the form's again.
    await user.keyboard('{Escape}{Escape}');
    expect(onPick).toHaveBeenCalledWith('form saw Escape');
  });

  it('picks with the pointer and keeps the focus in the field', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Field onPick={onPick} />);
    await user.type(field(), 'apr');
    const apricot = screen.getByRole('option', { name: 'Apricot' });
    expect(fireEvent.mouseDown(apricot)).toBe(false);
    await user.click(apricot);
    expect(onPick).toHaveBeenCalledWith('Apricot');
  });

  it('Enter with no active option goes to onEnter and never submits; without onEnter it is the field’s', async () => {
    const user = userEvent.setup();
    const onEnter = vi.fn();
    render(<Field onPick={vi.fn()} onEnter={onEnter} />);
    await user.type(field(), 'ap');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void field().dispatchEvent(enter));
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(enter.defaultPrevented).toBe(true);
  });

  it('with activateFirst the first option is active at once and Tab picks when tabPicks is set', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Field onPick={onPick} activateFirst tabPicks />);
    await user.type(field(), 'a');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowUp}{Tab}');
    expect(onPick).toHaveBeenCalledWith('Avocado');
  });

  it('says in its status when options load and when nothing matches', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Field onPick={vi.fn()} loading />);
    await user.type(field(), 'ap');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    rerender(<Field onPick={vi.fn()} />);
    await user.type(field(), 'x');
    expect(screen.getByRole('status')).toHaveTextContent('No fruit');
    expect(field()).toHaveAttribute('aria-describedby', 'fruit-status');
  });
});

describe('useDebounced', () => {
  it('gives the value once it has rested for the delay', () => {
    vi.useFakeTimers();
    try {
      function Probe({ value }: { value: string }) {
        return <output>{useDebounced(value, 250)}</output>;
      }
      const { rerender } = render(<Probe value="a" />);
      rerender(<Probe value="ab" />);
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.getByRole('status')).toHaveTextContent('a');
      act(() => void vi.advanceTimersByTime(60));
      expect(screen.getByRole('status')).toHaveTextContent('ab');
    } finally {
      vi.useRealTimers();
    }
  });
});
