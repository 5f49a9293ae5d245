import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useEffect, useId, useState } from 'react';
import { ComboboxList, ComboboxStatus } from './combobox-list';
import { useCombobox } from './use-combobox';
import { useDebounced } from '../../hooks/use-debounced';

const LANGUAGES = ['Go', 'Haskell', 'JavaScript', 'Java', 'Julia', 'Kotlin', 'Python', 'Ruby', 'Rust', 'TypeScript'];

/** Options that arrive after `delayMs`, like a server search. */
function useSearch(text: string, delayMs: number, fail: boolean) {
  const typed = useDebounced(text.trim(), 200);
  const [answer, setAnswer] = useState<{ text: string; options: string[] | null }>({ text: '', options: [] });
  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => {
      const found = LANGUAGES.filter((l) => l.toLowerCase().startsWith(typed.toLowerCase())).slice(0, 5);
      setAnswer({ text: typed, options: fail ? null : found });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs, fail]);
  const loading = !!text.trim() && (typed !== text.trim() || answer.text !== typed);
  return { loading, options: loading || !text.trim() ? [] : (answer.options ?? []), failed: answer.options === null };
}

interface DemoProps {
  label: string;
  delayMs: number;
  fail: boolean;
}

/** A language field: the shared combobox with asynchronous options, their loading and empty states. */
function LanguageField({ label, delayMs, fail }: DemoProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useSearch(text, delayMs, fail);
  const combo = useCombobox({
    id,
    options: search.options,
    open,
    onOpenChange: setOpen,
    onPick: (language) => {
      setChosen(language);
      setText('');
      setOpen(false);
    },
  });
  const status =
    !open || !text.trim()
      ? ''
      : search.loading
        ? 'Searching…'
        : search.failed
          ? 'The search failed.'
          : search.options.length === 0
            ? `No language starts with “${text.trim()}”.`
            : '';
  return (
    <div style={{ position: 'relative', width: 280 }}>
      <label htmlFor={`${id}-field`}>{label}</label>
      <input
        {...combo.fieldProps}
        id={`${id}-field`}
        autoComplete="off"
        aria-describedby={`${id}-status`}
        value={text}
        style={{ display: 'block', width: '100%' }}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          combo.setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={combo.onKeyDown}
      />
      <ComboboxList
        combo={combo}
        label="Languages"
        optionKey={(language) => language}
        renderOption={(language) => language}
        optionClassName={(active) => (active ? 'is-active' : '')}
      />
      <ComboboxStatus id={`${id}-status`} text={status} />
      <p>Chosen: {chosen ?? 'none'}</p>
      <style>
        {
          '[role="option"].is-active { background: #e6f4ff; } [role="listbox"] { list-style: none; margin: 0; padding: 0; border: 1px solid #d9d9d9; }'
        }
      </style>
    </div>
  );
}

const meta = {
  title: 'Inputs/Combobox',
  component: LanguageField,
  args: { label: 'Language', delayMs: 300, fail: false },
  parameters: {
    docs: {
      description: {
        component:
          'useCombobox + ComboboxList + ComboboxStatus: an ARIA 1.2 combobox with a listbox popup for any text field (tags, mentions). Up and Down move, Enter picks, Escape closes; the focus stays in the field.',
      },
    },
  },
} satisfies Meta<typeof LanguageField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type "j": three languages after a short wait ("Searching…" meanwhile). */
export const Default: Story = {};
/** A slow server: the loading state stays long enough to read. */
export const SlowOptions: Story = { args: { delayMs: 2000 } };
/** Type "x": nothing matches, the status says so. */
export const NothingFound: Story = {};
/** Every search fails: the status says so and the list stays closed. */
export const SearchFails: Story = { args: { fail: true } };
