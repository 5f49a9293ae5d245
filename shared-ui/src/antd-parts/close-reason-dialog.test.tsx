import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CloseReasonDialog, type CloseReason } from '../antd';
import { renderWithProviders as render } from '../test/render';

// antd's text areas measure themselves; jsdom has no ResizeObserver.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

const REASONS: CloseReason[] = [
  { reason_type: 5, name: 'Duplicate', description: 'Asked before.', content_type: 'text', placeholder: 'Link' },
  { reason_type: 6, name: 'Off topic', description: '', content_type: '', placeholder: '' },
];

const dialog = () => screen.getByRole('dialog');

function open(props: Partial<Parameters<typeof CloseReasonDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <CloseReasonDialog reasons={REASONS} pending={false} onSubmit={onSubmit} onCancel={() => undefined} {...props} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('CloseReasonDialog', () => {
  it('says when the reasons are loading or could not be loaded', () => {
    const { unmount } = render(
      <CloseReasonDialog reasons={undefined} pending={false} onSubmit={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the reasons…');
    unmount();
    render(<CloseReasonDialog reasons={undefined} failed pending={false} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The reasons could not be loaded.');
  });

  it('asks for a reason, then the remark the reason takes', async () => {
    const { onSubmit, user } = open();
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(await screen.findByText('Please select a reason.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('radio', { name: /Duplicate/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(await screen.findByText('Say more about this reason.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Remark' }), '  https://qa.example.com/q/1 ');
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(onSubmit).toHaveBeenCalledWith({ close_type: 5, close_msg: 'https://qa.example.com/q/1' });
  });

  it('sends a reason without remark as it is, and shows the server’s word on the remark', async () => {
    const { onSubmit, user } = open({ serverError: 'Give the link of the original question.' });
    await user.click(within(dialog()).getByRole('radio', { name: /Off topic/ }));
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Close question' }));
    expect(onSubmit).toHaveBeenCalledWith({ close_type: 6 });
    await user.click(within(dialog()).getByRole('radio', { name: /Duplicate/ }));
    expect(within(dialog()).getByRole('textbox', { name: 'Remark' })).toHaveAccessibleDescription(
      'Give the link of the original question.',
    );
  });
});
