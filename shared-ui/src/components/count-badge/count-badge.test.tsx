import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge, countBadgeText } from './count-badge';

describe('CountBadge', () => {
  it('renders nothing at 0 (and for negative or missing counts)', () => {
    const { container, rerender } = render(<CountBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={-3} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={Number.NaN} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the number from 1 up to 99', () => {
    const { container, rerender } = render(<CountBadge count={1} />);
    expect(container).toHaveTextContent(/^ ?1$/);
    rerender(<CountBadge count={99} />);
    expect(container).toHaveTextContent(/^ ?99$/);
  });

  it("shows '99+' above 99", () => {
    const { container, rerender } = render(<CountBadge count={100} />);
    expect(container).toHaveTextContent(/^ ?99\+$/);
    rerender(<CountBadge count={12_345} />);
    expect(container).toHaveTextContent(/^ ?99\+$/);
  });

  it('takes another cap', () => {
    expect(countBadgeText(9, 9)).toBe('9');
    expect(countBadgeText(10, 9)).toBe('9+');
  });

  it('stays a separate word in the name of the link it decorates', () => {
    render(
      <a href="/review">
        Review
        <CountBadge count={12} />
      </a>,
    );
    expect(screen.getByRole('link')).toHaveTextContent(/^Review 12$/);
  });

  it('can carry an accessible label instead of the bare number', () => {
    render(<CountBadge count={120} label="120 pending reviews" />);
    expect(screen.getByText('120 pending reviews')).toBeInTheDocument();
    expect(screen.getByText('99+')).toHaveAttribute('aria-hidden', 'true');
  });
});
