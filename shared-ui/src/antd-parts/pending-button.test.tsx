import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../antd';

describe('Button (antd) pending state', () => {
  it('while pending: busy, a spinner hidden from readers, clicks ignored; after: the plain name again', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Log in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button loading={false} onClick={onClick}>
        Log in
      </Button>,
    );
    const idle = screen.getByRole('button', { name: 'Log in' });
    expect(idle).not.toHaveAttribute('aria-busy');
    expect(idle.querySelector('[aria-label="loading"]')).toBeNull();
    fireEvent.click(idle);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a pending submit button does not submit its form', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button htmlType="submit" loading>
          Send
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
