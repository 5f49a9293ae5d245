import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContainer } from './page-container';

describe('PageContainer', () => {
  it('wraps its content in the fixed-width container by default', () => {
    render(
      <PageContainer className="extra">
        <p>Body</p>
      </PageContainer>,
    );
    const container = screen.getByText('Body').parentElement;
    expect(container).toHaveClass('agora-container', 'extra');
    expect(container).not.toHaveClass('agora-container--fluid');
  });

  it("goes full width for the 'Full-width' layout", () => {
    render(
      <PageContainer fluid>
        <p>Body</p>
      </PageContainer>,
    );
    expect(screen.getByText('Body').parentElement).toHaveClass('agora-container--fluid');
  });
});
