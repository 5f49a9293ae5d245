import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CardPlaceholder } from './card-placeholder';

describe('CardPlaceholder', () => {
  it('announces loading and shows 20 cards by default', () => {
    renderWithProviders(<CardPlaceholder />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading');
    expect(screen.getAllByTestId('placeholder-card')).toHaveLength(20);
  });

  it('takes another card count and says loading in the reader language', () => {
    renderWithProviders(<CardPlaceholder cards={4} />, { language: 'zh_CN' });
    expect(screen.getAllByTestId('placeholder-card')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
  });
});
