import { paths } from '@agora/shared-api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SearchIcon } from './icons';

/** The search page's path (paths.search without its query). */
const SEARCH_PATH = paths.search('').split('?')[0];

/** The query of the address when it is the search page (/search?q=…), else ''. */
function useAddressQuery(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return pathname === SEARCH_PATH ? (params.get('q') ?? '') : '';
}

/**
 * Header search: submits to /search?q=… (trimmed); an empty or blank query does nothing. On the
 * search page the box shows the query of the address and stays in step with it (another search, a tip's
 * example, back and forward); elsewhere it is empty. Typing is kept while the query in the address stays
 * the same (e.g. a change of sort or page).
 */
export function SearchForm() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const addressQuery = useAddressQuery();
  const [value, setValue] = useState(addressQuery);
  // The address's query the box last took: when the address brings another one, the box shows it.
  const [shown, setShown] = useState(addressQuery);
  if (shown !== addressQuery) {
    setShown(addressQuery);
    setValue(addressQuery);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    setValue(q);
    navigate(paths.search(q));
  };

  return (
    <form className="header-search" role="search" action={SEARCH_PATH} method="get" onSubmit={onSubmit}>
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
