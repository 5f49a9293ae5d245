import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Pagination } from './pagination';

function visibleTexts(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  // Every item including the ellipsis, which is hidden from assistive technology.
  return [...nav.querySelectorAll('li')].map((li) => li.textContent ?? '');
}

describe('Pagination', () => {
  it('renders nothing when everything fits on one page', () => {
    const { container } = renderWithProviders(<Pagination page={1} total={15} />);
    expect(container.querySelector('.agora-theme')).toBeEmptyDOMElement();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('renders nothing with no items', () => {
    renderWithProviders(<Pagination page={1} total={0} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('uses a page size of 15 by default', () => {
    renderWithProviders(<Pagination page={1} total={16} />);
    expect(visibleTexts()).toEqual(['1', '2', 'Next']);
  });

  it('shows up to 5 numbered pages near the start, the last page and next', () => {
    renderWithProviders(<Pagination page={1} total={300} />);
    expect(visibleTexts()).toEqual(['1', '2', '3', '4', '5', '…', '20', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
  });

  it('shows prev and both ellipses further on, and no next on the last page', () => {
    const { rerender } = renderWithProviders(<Pagination page={10} pageSize={20} total={400} />);
    expect(visibleTexts()).toEqual(['Prev', '1', '…', '8', '9', '10', '11', '12', '…', '20', 'Next']);
    rerender(<Pagination page={20} pageSize={20} total={400} />);
    expect(visibleTexts()).toEqual(['Prev', '1', '…', '16', '17', '18', '19', '20']);
  });

  it('renders links when hrefFor is given, with rel prev/next', () => {
    renderWithProviders(<Pagination page={2} total={60} hrefFor={(p) => `/questions?page=${p}`} />);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 4' })).toHaveAttribute('href', '/questions?page=4');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/questions?page=3');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('navigates with links', async () => {
    function Where() {
      return <output>{useLocation().search}</output>;
    }
    renderWithProviders(
      <>
        <Pagination page={1} total={60} hrefFor={(p) => `/questions?page=${p}`} />
        <Where />
      </>,
      { route: '/questions' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('?page=3');
  });

  it('calls onChange with buttons and moves the current page', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [page, setPage] = useState(1);
      return (
        <Pagination
          page={page}
          total={100}
          pageSize={10}
          onChange={(p) => {
            onChange(p);
            setPage(p);
          }}
        />
      );
    }
    renderWithProviders(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(visibleTexts()).toEqual(['Prev', '1', '…', '3', '4', '5', '6', '7', '…', '10', 'Next']);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });
});
