import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useToast, type Toast } from './toast';

// The renderer is fetched on the first toast; load it once up front so each test controls only the timers.
await import('./toast-renderer');

function Trigger({ run }: { run: (toast: Toast) => void }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => run(toast)}>
      Go
    </button>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

async function show(run: (toast: Toast) => void, language?: string) {
  renderWithProviders(<Trigger run={run} />, { language });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  // Let the lazily loaded renderer mount and attach (promise jobs), then show the queued toast.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('useToast', () => {
  it.each([
    ['success', 'Saved'],
    ['danger', 'Vote failed'],
    ['info', 'Heads up'],
    ['warning', 'Careful'],
  ] as const)('%s toast shows its message and hides after 5 s', async (kind, text) => {
    await show((toast) => toast[kind](text));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    advance(4900);
    expect(screen.getByText(text)).toBeInTheDocument();
    advance(200);
    advance(1000); // leave animation
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('marks danger toasts as errors', async () => {
    await show((toast) => toast.danger('Something broke'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something broke');
    expect(alert).toHaveClass('ant-message-notice-error');
  });

  it("shows the 'Copied' hint for 1 s", async () => {
    await show((toast) => toast.copied());
    expect(screen.getByText('Copied')).toBeInTheDocument();
    advance(900);
    expect(screen.getByText('Copied')).toBeInTheDocument();
    advance(200);
    advance(1000);
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('translates the hint', async () => {
    await show((toast) => toast.copied(), 'zh_CN');
    expect(screen.getByText('已复制')).toBeInTheDocument();
  });
});
