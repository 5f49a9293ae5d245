import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Dot } from './dot';

describe('Dot', () => {
  it('renders nothing when not visible', () => {
    renderWithProviders(
      <button type="button">
        Inbox
        <Dot visible={false} />
      </button>,
    );
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveAccessibleName('Inbox');
  });

  it('adds its label to the accessible name of what it decorates', () => {
    renderWithProviders(
      <button type="button">
        Inbox
        <Dot visible label="New notifications" />
      </button>,
    );
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();
    // Browsers keep the leading space of the hidden label; jsdom's name computation trims it, so check the text.
    expect(screen.getByRole('button')).toHaveTextContent(/^Inbox New notifications$/);
  });

  it("defaults to a translated 'Unread'", () => {
    renderWithProviders(<Dot visible />, { language: 'zh_CN' });
    expect(screen.getByText('未读')).toBeInTheDocument();
  });
});
