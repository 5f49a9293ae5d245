/**
 * What the release feed said: the newest version, that it did not answer, or that no feed is
 * configured (nothing to ask, which is not a failure).
 */
export type UpdateCheckResult = { status: 'ok'; version: string } | { status: 'failed' } | { status: 'unconfigured' };

export interface UpdateCheckOptions {
  /** The release feed (JSON with `tag_name` or `version`); empty: there is none to ask. */
  url: string;
  /** How long one request may take (default 3 s). */
  timeoutMs?: number;
  /** How long an answer, or a failure, is kept (default 1 hour). */
  ttlMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

/** `v1.2.3` → `1.2.3`; anything that is not a short version string is no answer. */
function versionOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const raw = typeof record.tag_name === 'string' ? record.tag_name : record.version;
  if (typeof raw !== 'string') return null;
  const version = raw.trim().replace(/^v/i, '');
  return /^[0-9A-Za-z.+-]{1,40}$/.test(version) ? version : null;
}

/**
 * The dashboard's update check: one request to the release feed with a short timeout, its result
 * (or its failure) kept for an hour, and callers during a request share it, so the dashboard never
 * waits longer than the timeout and the feed is asked at most once an hour.
 */
export class UpdateChecker {
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #fetch: typeof fetch;
  #cached: { at: number; result: Promise<UpdateCheckResult> } | null = null;

  constructor(options: UpdateCheckOptions) {
    this.#url = options.url;
    this.#timeoutMs = options.timeoutMs ?? 3000;
    this.#ttlMs = options.ttlMs ?? 60 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#fetch = options.fetch ?? fetch;
  }

  check(): Promise<UpdateCheckResult> {
    const now = this.#now();
    if (this.#cached && now - this.#cached.at < this.#ttlMs) return this.#cached.result;
    const result = this.#ask();
    this.#cached = { at: now, result };
    return result;
  }

  async #ask(): Promise<UpdateCheckResult> {
    if (this.#url.trim() === '') return { status: 'unconfigured' };
    if (!/^https?:\/\//.test(this.#url)) return { status: 'failed' };
    try {
      const response = await this.#fetch(this.#url, {
        signal: AbortSignal.timeout(this.#timeoutMs),
        headers: { accept: 'application/json' },
        redirect: 'follow',
      });
      if (!response.ok) return { status: 'failed' };
      const version = versionOf(await response.json());
      return version ? { status: 'ok', version } : { status: 'failed' };
    } catch {
      return { status: 'failed' };
    }
  }
}
