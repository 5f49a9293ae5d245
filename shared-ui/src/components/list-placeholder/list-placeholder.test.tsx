import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListPlaceholder } from './list-placeholder';

describe('ListPlaceholder', () => {
  it('announces loading and shows 10 rows by default', () => {
    renderWithProviders(<ListPlaceholder />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading');
    expect(screen.getAllByTestId('placeholder-row')).toHaveLength(10);
  });

  it('takes another row count', () => {
    renderWithProviders(<ListPlaceholder rows={3} />);
    expect(screen.getAllByTestId('placeholder-row')).toHaveLength(3);
  });
});
