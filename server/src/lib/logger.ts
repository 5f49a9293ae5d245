import type { FastifyRequest } from 'fastify';

/** What a secret is replaced with in a log line. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters that may carry a secret: login tokens (Answer's `?Authorization=`, the auth landing
 * page's `access_token`), e-mailed codes (activation, reset, e-mail change, unsubscribe links),
 * captcha answers and passwords. Compared case-insensitively.
 */
const SECRET_PARAMS = new Set([
  'authorization',
  'access_token',
  'token',
  'visit_token',
  'code',
  'binding_key',
  'captcha_code',
  'pass',
  'password',
  'old_pass',
]);

function paramName(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A URL (path and query) with the values of secret query parameters replaced by REDACTED. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const kept = query
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
    .join('&');
  return `${url.slice(0, start)}?${kept}`;
}

/**
 * Pino options of the app's logger (secrets never reach the log).
 * - `req`: Fastify's request line (method, url, host, address, port) with secret query values redacted;
 *   headers (Authorization, Cookie) and bodies (passwords, codes) are never logged.
 * - `url`: any `{url}` a module logs, redacted the same way.
 * - `redact`: keys that hold a secret wherever a module puts them in a log object.
 */
export const logRedaction = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
  },
  redact: {
    paths: [
      'headers.authorization',
      'headers.cookie',
      '*.headers.authorization',
      '*.headers.cookie',
      ...[...SECRET_PARAMS].filter((key) => key !== 'code').flatMap((key) => [key, `*.${key}`]),
      'smtp_password',
      '*.smtp_password',
    ],
    censor: REDACTED,
  },
};
