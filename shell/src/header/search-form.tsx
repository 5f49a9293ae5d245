import { paths } from '@agora/shared-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from './icons';

/** SPEC §2.4: submits to /search?q=…; an empty or blank query does nothing. */
export function SearchForm({ initialQuery = '' }: { initialQuery?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [value, setValue] = useState(initialQuery);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim();
    if (q) navigate(paths.search(q));
  };

  return (
    <form className="header-search" role="search" action="/search" method="get" onSubmit={onSubmit}>
      <label htmlFor="header-search-input" className="visually-hidden">
        {t('header.search_label')}
      </label>
      <span className="header-search__icon">
        <SearchIcon />
      </span>
      <input
        id="header-search-input"
        className="header-search__input"
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('header.search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
