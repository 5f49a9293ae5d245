import { Button, Input } from '@agora/shared-ui/antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/**
 * A list's search: a labelled box sent with Enter or its button. The address holds the applied text;
 * a change of address from outside (back, a link) puts it back in the box.
 */
export function SearchBox({
  label,
  value,
  placeholder,
  onSearch,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onSearch(text: string): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed from outside: the box follows it (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="admin-search__label">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={placeholder}
        allowClear
        onChange={(event) => setText(event.target.value)}
      />
      <Button htmlType="submit">{t('admin_list.search')}</Button>
    </form>
  );
}
