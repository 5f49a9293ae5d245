/** The preview renders at once the first time, then 1000 ms after the last change. */
export const PREVIEW_DEBOUNCE_MS = 1000;

export interface PreviewSchedulerOptions {
  render: (markdown: string) => Promise<string>;
  onHtml: (html: string) => void;
  onError: (error: unknown) => void;
  /** Called with true when a render starts and false when the latest one settles. */
  onBusy?: (busy: boolean) => void;
  delay?: number;
}

export interface PreviewScheduler {
  /** Asks for a preview of this markdown: immediately the first time, debounced afterwards. */
  schedule: (markdown: string) => void;
  /** Drops the pending render and ignores answers still on their way (unmount). */
  dispose: () => void;
}

/**
 * The preview's timing, apart from React so fake timers can drive it. Blank markdown renders as '' without a
 * request. Only the answer to the latest request is shown: an older one arriving late is dropped.
 */
export function createPreviewScheduler({
  render,
  onHtml,
  onError,
  onBusy,
  delay = PREVIEW_DEBOUNCE_MS,
}: PreviewSchedulerOptions): PreviewScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let rendered = false;
  let sequence = 0;
  let disposed = false;
  let lastRequested: string | undefined;

  const run = (markdown: string) => {
    timer = undefined;
    rendered = true;
    const ticket = ++sequence;
    if (markdown.trim() === '') {
      onBusy?.(false);
      onHtml('');
      return;
    }
    onBusy?.(true);
    render(markdown).then(
      (html) => {
        if (disposed || ticket !== sequence) return;
        onBusy?.(false);
        onHtml(html);
      },
      (error: unknown) => {
        if (disposed || ticket !== sequence) return;
        onBusy?.(false);
        onError(error);
      },
    );
  };

  return {
    schedule(markdown) {
      if (disposed) return;
      if (markdown === lastRequested && timer === undefined) return;
      lastRequested = markdown;
      if (timer !== undefined) clearTimeout(timer);
      if (!rendered) {
        run(markdown);
        return;
      }
      timer = setTimeout(() => run(markdown), delay);
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
