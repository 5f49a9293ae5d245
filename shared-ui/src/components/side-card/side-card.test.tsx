import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SideCard } from './side-card';

describe('SideCard', () => {
  it('is a region named by its heading, with its content and header controls', () => {
    render(
      <SideCard title="Following tags" extra={<button type="button">Edit</button>}>
        <p>react</p>
      </SideCard>,
    );
    const region = screen.getByRole('region', { name: 'Following tags' });
    expect(region).toHaveTextContent('react');
    expect(screen.getByRole('heading', { level: 2, name: 'Following tags' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('can use a third-level heading', () => {
    render(
      <SideCard title="Hot questions" headingLevel={3}>
        <p>list</p>
      </SideCard>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Hot questions' })).toBeInTheDocument();
  });
});
