import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import { ApiError } from './errors';

export const API_BASE = '/answer/api/v1';
export const ADMIN_API_BASE = '/answer/admin/api';
export const INSTALL_API_BASE = '/installation';
/** Sent with every request of the app; a cross-site form or image cannot send it (server: CSRF check). */
export const APP_REQUEST_HEADER = 'X-Agora-Request';
/** Requests time out after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface ClientSession {
  /** The login token kept in memory, sent as the Authorization header (the cookie carries it otherwise). */
  getToken(): string | null;
  /** The interface language, sent as Accept-Language (e.g. en_US). */
  getLanguage(): string;
}

let session: ClientSession = { getToken: () => null, getLanguage: () => 'en_US' };

/** The shell wires the session once at start-up; every remote shares this module and so this session. */
export function configureClient(next: ClientSession): void {
  session = next;
}

interface EnvelopeBody {
  code?: number;
  reason?: string;
  msg?: string;
  data?: unknown;
}

async function toApiError(error: unknown, path: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) {
    return new ApiError({ kind: 'timeout', status: 0, reason: 'base.timeout', message: 'Request timed out', path });
  }
  if (error instanceof HTTPError) {
    const { response } = error;
    // ky 2 reads the body itself and keeps the parsed JSON in `error.data` (the response body is spent).
    const parsed: unknown = (error as HTTPError & { data?: unknown }).data;
    const body: EnvelopeBody = parsed && typeof parsed === 'object' ? (parsed as EnvelopeBody) : {};
    return new ApiError({
      kind: 'http',
      status: response.status,
      reason: body.reason ?? 'base.unknown',
      message: body.msg ?? response.statusText,
      data: body.data ?? null,
      path,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ kind: 'network', status: 0, reason: 'base.network_error', message, path });
}

export interface ClientOptions {
  /** Origin the prefix resolves against; default: the page's own origin. */
  baseUrl?: string;
  /** Per-request time-out; default REQUEST_TIMEOUT_MS. */
  timeout?: number;
}

function createInstance(prefix: string, { baseUrl, timeout = REQUEST_TIMEOUT_MS }: ClientOptions): KyInstance {
  return ky.create({
    prefix,
    ...(baseUrl ? { baseUrl } : {}),
    timeout,
    // Retries belong to react-query alone, so a request is never retried twice over.
    retry: 0,
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = session.getToken();
          if (token) request.headers.set('Authorization', token);
          // Marks the request as the app's own: the server refuses cookie-authenticated writes without it (CSRF).
          request.headers.set(APP_REQUEST_HEADER, '1');
          request.headers.set('Accept-Language', session.getLanguage().replace('_', '-'));
        },
      ],
    },
  });
}

/** `timeout` overrides REQUEST_TIMEOUT_MS for a request known to take long (a bulk import). */
export type RequestOptions = Pick<Options, 'searchParams' | 'json' | 'body' | 'signal' | 'headers' | 'timeout'>;

/** A thin typed client: resolves with the envelope's `data`, rejects with ApiError. */
export class ApiClient {
  readonly #http: KyInstance;
  readonly prefix: string;

  constructor(prefix: string, options: ClientOptions = {}) {
    this.prefix = prefix;
    this.#http = createInstance(prefix, options);
  }

  async request<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: RequestOptions = {}): Promise<T> {
    const fullPath = `${this.prefix}/${path.replace(/^\//, '')}`;
    try {
      const body = await this.#http(path.replace(/^\//, ''), { ...options, method }).json<EnvelopeBody>();
      return body.data as T;
    } catch (error) {
      throw await toApiError(error, fullPath);
    }
  }

  get<T>(path: string, searchParams?: Options['searchParams'], signal?: AbortSignal): Promise<T> {
    return this.request<T>('get', path, { searchParams, signal });
  }

  post<T>(path: string, json?: unknown): Promise<T> {
    return this.request<T>('post', path, { json });
  }

  put<T>(path: string, json?: unknown): Promise<T> {
    return this.request<T>('put', path, { json });
  }

  /** Answer's API takes a JSON body on DELETE. */
  delete<T>(path: string, json?: unknown): Promise<T> {
    return this.request<T>('delete', path, { json });
  }
}

/** The API client (/answer/api/v1). One instance for the shell and every remote. */
export const api = new ApiClient(API_BASE);
/** The admin API client (/answer/admin/api). */
export const adminApi = new ApiClient(ADMIN_API_BASE);
/** The installer API (/installation), answered only while the site is not installed. */
export const installApi = new ApiClient(INSTALL_API_BASE);
