import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewScheduler, PREVIEW_DEBOUNCE_MS } from './preview-scheduler';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createPreviewScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders the first value at once, later ones 1000 ms after the last change', async () => {
    const render = vi.fn(async (markdown: string) => `<p>${markdown}</p>`);
    const onHtml = vi.fn();
    const scheduler = createPreviewScheduler({ render, onHtml, onError: vi.fn() });

    scheduler.schedule('a');
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(onHtml).toHaveBeenLastCalledWith('<p>a</p>');

    scheduler.schedule('ab');
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 1);
    scheduler.schedule('abc');
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 1);
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(render).toHaveBeenCalledTimes(2);
    expect(render).toHaveBeenLastCalledWith('abc');
    expect(onHtml).toHaveBeenLastCalledWith('<p>abc</p>');
    expect(PREVIEW_DEBOUNCE_MS).toBe(1000);
  });

  it('shows blank markdown as empty without a request', async () => {
    const render = vi.fn(async () => '<p>x</p>');
    const onHtml = vi.fn();
    const scheduler = createPreviewScheduler({ render, onHtml, onError: vi.fn() });
    scheduler.schedule('  \n');
    expect(render).not.toHaveBeenCalled();
    expect(onHtml).toHaveBeenCalledWith('');
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const render = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const onHtml = vi.fn();
    const scheduler = createPreviewScheduler({ render, onHtml, onError: vi.fn(), delay: 10 });
    scheduler.schedule('old');
    scheduler.schedule('new');
    await vi.advanceTimersByTimeAsync(10);
    second.resolve('<p>new</p>');
    await vi.advanceTimersByTimeAsync(0);
    first.resolve('<p>old</p>');
    await vi.advanceTimersByTimeAsync(0);
    expect(onHtml.mock.calls).toEqual([['<p>new</p>']]);
  });

  it('reports failures and the busy state', async () => {
    const onError = vi.fn();
    const onBusy = vi.fn();
    const scheduler = createPreviewScheduler({
      render: () => Promise.reject(new Error('down')),
      onHtml: vi.fn(),
      onError,
      onBusy,
    });
    scheduler.schedule('a');
    expect(onBusy).toHaveBeenLastCalledWith(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(new Error('down'));
    expect(onBusy).toHaveBeenLastCalledWith(false);
  });

  it('does nothing after dispose', async () => {
    const render = vi.fn(async () => '<p>x</p>');
    const onHtml = vi.fn();
    const scheduler = createPreviewScheduler({ render, onHtml, onError: vi.fn() });
    scheduler.schedule('a');
    scheduler.schedule('b');
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS * 2);
    expect(render).toHaveBeenCalledTimes(1);
    expect(onHtml).not.toHaveBeenCalled();
  });
});
