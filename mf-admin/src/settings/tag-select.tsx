import type { SettingTag } from '@agora/shared-api/contract';
import { Select } from '@agora/shared-ui/antd';
import { useEffect, useRef, useState } from 'react';
import { suggestTags } from '../api/settings';
import { useSettingsText } from './form/texts';

/** A chosen tag as the select holds it. */
export interface TagChoice {
  value: string;
  label: string;
}

export const toChoices = (tags: readonly SettingTag[]): TagChoice[] =>
  tags.map((tag) => ({ value: tag.slug_name, label: tag.display_name || tag.slug_name }));

export const toTags = (choices: readonly TagChoice[] | undefined): SettingTag[] =>
  (choices ?? []).map((c) => ({ slug_name: c.value, display_name: typeof c.label === 'string' ? c.label : c.value }));

const DEBOUNCE_MS = 250;
const MAX_SUGGESTIONS = 5;
export const MAX_SETTING_TAGS = 100;

interface TagSelectProps {
  id?: string;
  value?: TagChoice[];
  onChange?: (value: TagChoice[]) => void;
  disabled?: boolean;
}

/**
 * A picker of existing tags: typing asks the server for up to 5 matching tags (GET question/tags), arrows
 * and Enter choose, Backspace removes the last. antd's Select (a combobox with a listbox) so it joins the
 * form as any field does.
 */
export function TagSelect({ id, value, onChange, disabled }: TagSelectProps) {
  const k = useSettingsText('write');
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ prefix: string; tags: TagChoice[]; failed: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    const prefix = text.trim();
    if (!prefix) return;
    const abort = new AbortController();
    controller.current = abort;
    timer.current = setTimeout(() => {
      suggestTags(prefix, abort.signal).then(
        (tags) => {
          if (!abort.signal.aborted)
            setFound({ prefix, tags: toChoices(tags).slice(0, MAX_SUGGESTIONS), failed: false });
        },
        () => {
          if (!abort.signal.aborted) setFound({ prefix, tags: [], failed: true });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer.current);
      abort.abort();
    };
  }, [text]);

  const current = found && found.prefix === text.trim() ? found : null;
  const full = (value?.length ?? 0) >= MAX_SETTING_TAGS;
  return (
    <Select<TagChoice[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onBlur={() => setText('')}
      options={full ? [] : (current?.tags ?? [])}
      placeholder={k('tags.placeholder')}
      notFoundContent={
        !text.trim()
          ? k('tags.type')
          : current?.failed
            ? k('tags.failed')
            : current
              ? k('tags.none', { text: text.trim() })
              : k('tags.searching')
      }
    />
  );
}
