import { configureClient } from '@agora/shared-api';
import { envelope, mockFetch, resolveRequestsAgainstPage } from '@agora/shared-api/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CloseQuestionDialog, type CloseQuestionDialogProps } from './index';

// antd's text areas measure themselves; jsdom has no ResizeObserver.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

const REASONS = [
  { reason_type: 5, name: 'Duplicate', description: 'Asked before.', content_type: 'text', placeholder: 'Link' },
  { reason_type: 6, name: 'Off topic', description: '', content_type: '', placeholder: '' },
];

// The API client asks the session for a token and the language of each request.
configureClient({ getToken: () => null, getLanguage: () => 'en_US' });
resolveRequestsAgainstPage();

const dialog = () => screen.getByRole('dialog');

function open(reasons: unknown = REASONS, props: Partial<CloseQuestionDialogProps> = {}) {
  const http = mockFetch({ 'GET /answer/api/v1/reasons': reasons });
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (more: Partial<CloseQuestionDialogProps>) => (
    <QueryClientProvider client={client}>
      <CloseQuestionDialog pending={false} onSubmit={onSubmit} onCancel={() => undefined} {...props} {...more} />
    </QueryClientProvider>
  );
  const view = renderWithProviders(ui({}));
  return {
    http,
    onSubmit,
    user: userEvent.setup(),
    rerender: (more: Partial<CloseQuestionDialogProps>) => view.rerender(ui(more)),
  };
}

describe('CloseQuestionDialog', () => {
  it("loads the site's close reasons, and says when they could not be loaded", async () => {
    const { http } = open();
    expect(await within(dialog()).findByRole('radio', { name: /Duplicate/ })).toBeInTheDocument();
    const call = http.calls.find((c) => c.path === '/answer/api/v1/reasons');
    expect(call?.query.get('object_type')).toBe('question');
    expect(call?.query.get('action')).toBe('close');
  });

  it('says when the reasons could not be loaded', async () => {
    open(() => envelope(null, 500, 'base.unknown'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reasons could not be loaded.');
  });

  it('asks for a reason, then the remark the reason takes, and sends it trimmed', async () => {
    const { onSubmit, user } = open();
    await within(dialog()).findByRole('radio', { name: /Duplicate/ });
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(await screen.findByText('Please select a reason.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('radio', { name: /Duplicate/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(await screen.findByText('Cannot be empty.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Details' }), '  https://qa.example.com/q/1 ');
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(onSubmit).toHaveBeenCalledWith({ close_type: 5, close_msg: 'https://qa.example.com/q/1' });
  });

  it('sends a reason that takes no remark without one', async () => {
    const { onSubmit, user } = open();
    await user.click(await within(dialog()).findByRole('radio', { name: /Off topic/ }));
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(onSubmit).toHaveBeenCalledWith({ close_type: 6 });
  });

  it('shows the server’s word on the remark under the remark box', async () => {
    const { user, rerender } = open();
    await user.click(await within(dialog()).findByRole('radio', { name: /Duplicate/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Details' }), 'not a link');
    rerender({ serverError: 'Give the link of the original question.' });
    expect(await within(dialog()).findByText('Give the link of the original question.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: 'Details' })).toHaveAttribute('aria-invalid', 'true');
  });
});
