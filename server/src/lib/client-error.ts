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

/** The raw HTTP response for a client error (its headers could not be read: the default language). */
export function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const { status, reason, text } = statusOf(error);
  const body = JSON.stringify({ code: status, reason, msg: translate(reason, resolveLanguage(undefined)), data: null });
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
 * envelope when nothing was written on the connection yet, as Node itself would with a bare status
 * line, then closes it.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { bytesWritten?: number }).bytesWritten) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error));
}
