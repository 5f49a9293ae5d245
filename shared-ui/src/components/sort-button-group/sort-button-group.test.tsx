import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../test/match-media';
import { renderWithProviders } from '../../test/render';
import { SortButtonGroup, type SortOption } from './sort-button-group';

type Order = 'active' | 'newest' | 'frequent' | 'score' | 'unanswered';
const OPTIONS: SortOption<Order>[] = [
  { value: 'active', label: 'Active' },
  { value: 'newest', label: 'Newest' },
  { value: 'frequent', label: 'Frequent' },
  { value: 'score', label: 'Score' },
  { value: 'unanswered', label: 'Unanswered' },
];

function Controlled({ initial = 'active', onChange }: { initial?: Order; onChange?: (value: Order) => void }) {
  const [value, setValue] = useState<Order>(initial);
  return (
    <SortButtonGroup
      label="Sort questions"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('SortButtonGroup on wide screens (md and up)', () => {
  it('shows every option as a button in a labelled group and marks the active one pressed', () => {
    setViewportWidth(768);
    renderWithProviders(<Controlled />);
    const group = screen.getByRole('group', { name: 'Sort questions' });
    expect(group).toBeInTheDocument();
    for (const { label } of OPTIONS) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it('changes the active option on click', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    expect(onChange).toHaveBeenCalledWith('score');
    expect(screen.getByRole('button', { name: 'Score' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('SortButtonGroup on small screens (below md)', () => {
  it('shows only the first 2 buttons and folds the rest under More', async () => {
    setViewportWidth(767);
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('button', { name: 'Active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newest' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Frequent' })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'More sort options' });
    expect(menu).toBeInTheDocument();
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'Frequent',
      'Score',
      'Unanswered',
    ]);
  });

  it('follows the viewport when it is resized', () => {
    setViewportWidth(1200);
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('button', { name: 'Unanswered' })).toBeInTheDocument();
    act(() => setViewportWidth(400));
    expect(screen.queryByRole('button', { name: 'Unanswered' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
    act(() => setViewportWidth(800));
    expect(screen.getByRole('button', { name: 'Unanswered' })).toBeInTheDocument();
  });

  it('selecting a folded option makes More show its label', async () => {
    setViewportWidth(375);
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Score' }));
    expect(onChange).toHaveBeenCalledWith('score');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Score' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(trigger);
    expect(screen.getByRole('menuitemradio', { name: 'Score' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Frequent' })).toHaveAttribute('aria-checked', 'false');
  });

  it('is keyboard operable: Enter opens, arrows move, Escape closes, Space selects', async () => {
    setViewportWidth(375);
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'Frequent' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Score' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Frequent' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Unanswered' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Frequent' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: 'Unanswered' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Unanswered' })).toHaveFocus();
    await user.keyboard('{ArrowUp} ');
    expect(onChange).toHaveBeenCalledWith('score');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Score' })).toHaveFocus();
  });

  it('closes when clicking outside', async () => {
    setViewportWidth(375);
    renderWithProviders(
      <>
        <Controlled />
        <p>Elsewhere</p>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('SortButtonGroup as links', () => {
  function Where() {
    return <output>{useLocation().search}</output>;
  }

  it('renders links with aria-current on the active option, in the menu too', async () => {
    setViewportWidth(375);
    renderWithProviders(
      <>
        <SortButtonGroup options={OPTIONS} value="newest" hrefFor={(value) => `/questions?order=${value}`} />
        <Where />
      </>,
      { route: '/questions?order=newest' },
    );
    expect(screen.getByRole('link', { name: 'Newest' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Active' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Active' })).toHaveAttribute('href', '/questions?order=active');
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const unanswered = screen.getByRole('menuitemradio', { name: 'Unanswered' });
    expect(unanswered).toHaveAttribute('href', '/questions?order=unanswered');
    await userEvent.click(unanswered);
    expect(screen.getByRole('status')).toHaveTextContent('?order=unanswered');
  });
});
