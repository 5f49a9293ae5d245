import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentWithSidebar } from './content-with-sidebar';

describe('ContentWithSidebar', () => {
  it('puts the main content first and the sidebar in a complementary landmark', () => {
    render(
      <ContentWithSidebar sidebar={<p>Hot questions</p>} sidebarLabel="Related">
        <p>Question list</p>
      </ContentWithSidebar>,
    );
    const aside = screen.getByRole('complementary', { name: 'Related' });
    expect(aside).toHaveTextContent('Hot questions');
    const main = screen.getByText('Question list');
    // Reading order: main content before the sidebar (also the stacked order on small screens).
    expect(main.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
