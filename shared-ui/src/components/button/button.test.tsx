import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Button } from './button';

describe('Button', () => {
  it('is a type=button by default and calls onClick', () => {
    const onClick = vi.fn();
    renderWithProviders(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('submits forms when asked', () => {
    renderWithProviders(<Button htmlType="submit">Send</Button>);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('blocks clicks and says it is busy while loading', () => {
    const onClick = vi.fn();
    renderWithProviders(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders an in-app link with `to` and an external anchor with `href`', () => {
    renderWithProviders(
      <>
        <Button to="/questions/ask" variant="primary">
          Ask
        </Button>
        <Button href="https://example.com/">Docs</Button>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Ask' })).toHaveAttribute('href', '/questions/ask');
    expect(screen.getByRole('link', { name: 'Ask' })).toHaveClass('agora-btn--primary');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', 'https://example.com/');
  });
});
