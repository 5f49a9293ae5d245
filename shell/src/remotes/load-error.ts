import { RemoteUnavailableError } from './registry';

/** What kind of lazy-load failure this is, so the panel can say so. */
export type LoadFailureKind = 'remote-unavailable' | 'chunk' | 'css-chunk' | 'render';

export function classifyLoadError(error: unknown): LoadFailureKind {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  for (const e of chain) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (code === 'CSS_CHUNK_LOAD_FAILED') return 'css-chunk';
    if (name === 'ChunkLoadError' || (typeof message === 'string' && /Loading (css )?chunk .* failed/i.test(message))) {
      return typeof message === 'string' && /css/i.test(message) ? 'css-chunk' : 'chunk';
    }
  }
  if (error instanceof RemoteUnavailableError) return 'remote-unavailable';
  return 'render';
}
