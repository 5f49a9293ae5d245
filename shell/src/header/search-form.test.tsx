// The header's search box: what it submits, and that it shows the search page's query and
// stays in step with the address.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, useNavigate } from 'react-router-dom';
import { renderShell } from '../test/render';
import { SearchForm } from './search-form';

/** The form with links to move around, as the header and a page's links would. */
function Page() {
  const navigate = useNavigate();
  return (
    <>
      <SearchForm />
      <Link to="/search?q=rust">rust search</Link>
      <Link to="/search?q=rust&order=newest">rust newest</Link>
      <Link to="/questions">questions</Link>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search' });
const location = () => screen.getByTestId('location').textContent;

describe('header search form', () => {
  it('submits the trimmed query to /search?q= and ignores an empty or blank one', async () => {
    const user = userEvent.setup();
    await renderShell(<Page />, { path: '/tags' });
    await user.type(box(), '{Enter}');
    await user.type(box(), '   {Enter}');
    expect(location()).toBe('/tags');
    await user.clear(box());
    await user.type(box(), '  [[go] user:me {Enter}');
    expect(location()).toBe('/search?q=%5Bgo%5D%20user%3Ame');
    expect(box()).toHaveValue('[go] user:me');
    // Still the box the user typed in.
    expect(box()).toHaveFocus();
  });

  it('shows the search page’s query', async () => {
    await renderShell(<Page />, { path: '/search?q=%5Bgo%5D%20hooks' });
    expect(box()).toHaveValue('[go] hooks');
  });

  it('follows the address from one search to another, back, and away from search', async () => {
    const user = userEvent.setup();
    await renderShell(<Page />, { path: '/search?q=hooks' });
    expect(box()).toHaveValue('hooks');
    await user.click(screen.getByRole('link', { name: 'rust search' }));
    expect(box()).toHaveValue('rust');
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(location()).toBe('/search?q=hooks');
    expect(box()).toHaveValue('hooks');
    await user.click(screen.getByRole('link', { name: 'questions' }));
    expect(box()).toHaveValue('');
  });

  it('keeps what is being typed while only the sort or page changes', async () => {
    const user = userEvent.setup();
    await renderShell(<Page />, { path: '/search?q=rust' });
    await user.type(box(), ' async');
    await user.click(screen.getByRole('link', { name: 'rust newest' }));
    expect(location()).toBe('/search?q=rust&order=newest');
    expect(box()).toHaveValue('rust async');
  });
});
