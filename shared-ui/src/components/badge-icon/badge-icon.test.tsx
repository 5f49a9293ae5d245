import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { BadgeIcon, BadgeLevel } from './badge-icon';

const iconOf = (container: HTMLElement) => container.querySelector('.agora-badge-icon')!;

describe('BadgeIcon', () => {
  it('draws a known icon, hidden from screen readers, in its level colour', () => {
    const { container } = renderWithProviders(<BadgeIcon icon="accepted" level={3} />);
    expect(iconOf(container)).toHaveAttribute('data-icon', 'accepted');
    expect(iconOf(container)).toHaveAttribute('aria-hidden', 'true');
    expect(iconOf(container)).toHaveClass('agora-badge-icon--gold');
  });

  it.each(['trophy-x', 'https://evil.example/x.png', 'constructor', ''])('draws the generic medal for %j', (icon) => {
    const { container } = renderWithProviders(<BadgeIcon icon={icon} level={1} />);
    expect(iconOf(container)).toHaveAttribute('data-icon', 'medal');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('BadgeLevel', () => {
  it.each([
    [1, 'Bronze'],
    [2, 'Silver'],
    [3, 'Gold'],
  ])('says level %i in words: %s', (level, text) => {
    renderWithProviders(<BadgeLevel level={level} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<BadgeLevel level={3} />, { language: 'zh_CN' });
    expect(screen.getByText('金牌')).toBeInTheDocument();
  });
});
