import type { Duplex } from 'node:stream';
import { resolveLanguage, translate } from '../i18n';

/**
 * What a request Node's HTTP parser refuses gets (the app never sees it): the status Node would send,
 * in the API's envelope. Request line or headers over Node's limit (16 KB): 431; the whole request not
 * received in time: 408; anything malformed: 400.
 */
function statusOf(error: NodeJS.ErrnoException): { status: number; reason: string; text: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'base.request_header_too_large', text: 'Request Header Fields Too Large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'base.request_timeout', text: 'Request Timeout' };
    default:
      return { status: 400, reason: 'base.request_format_error', text: 'Bad Request' };
  }
}

/** An Accept-Language header line (values over 256 characters are not looked at). */
const ACCEPT_LANGUAGE = /\r\naccept-language[ \t]*:[ \t]*([^\r\n]{0,256})\r\n/gi;

/**
 * The Accept-Language of a request the parser refused, when the bytes it was reading (`rawPacket` of
 * the error: the chunk that failed, for an overflow often the whole head) hold that header's complete
 * line; undefined otherwise. The last such line counts: an earlier one may belong to a previous
 * request of the same keep-alive connection.
 */
export function acceptLanguageOf(error: NodeJS.ErrnoException & { rawPacket?: unknown }): string | undefined {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return undefined;
  let value: string | undefined;
  for (const match of packet.toString('latin1').matchAll(ACCEPT_LANGUAGE)) value = match[1];
  return value?.trim() || undefined;
}

/**
 * The raw HTTP response for a client error, in the request's language when its Accept-Language could
 * be read (see acceptLanguageOf), else the default one.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const { status, reason, text } = statusOf(error);
  const lang = resolveLanguage(acceptLanguageOf(error));
  const body = JSON.stringify({ code: status, reason, msg: translate(reason, lang), data: null });
  return [
    `HTTP/1.1 ${status} ${text}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The HTTP server's 'clientError' listener (also Fastify's clientErrorHandler): answers in the
 * envelope, then closes the connection. As Node itself decides: unless the socket can no longer be
 * written or a response on it has begun (its headers went out), in which case any bytes would corrupt
 * what the client is reading and the socket is only destroyed. A keep-alive connection that already
 * carried complete answers gets the envelope too (its earlier responses are done and detached).
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error));
}
