import { connect, createServer, type AddressInfo } from 'node:net';

/**
 * HTTP/1.1 over a plain socket, the request target written byte for byte. `app.inject` and
 * `fetch` both normalise URLs (dot segments, `//`, percent-encoding), which hides exactly the
 * differences between what the router matches and what hooks read from `request.url`.
 */
export interface RawRequest {
  method: string;
  /** The request target as sent: origin-form (`/a/b?c`) or absolute-form (`http://host/a`). */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** Local address to connect from (any 127.x.y.z on Linux): a client address of its own for rate limits. */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
}

/** The bytes of a request: one request per connection (`Connection: close`). */
export function requestBytes(port: number, request: RawRequest): string {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${request.method} ${request.target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parseResponse(data: Buffer, request: RawRequest): RawResponse {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete response to ${request.method} ${request.target}`);
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`bad status line ${JSON.stringify(statusLine)} for ${request.target}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const raw = data.subarray(end + 4);
  const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(raw) : raw;
  return { status, headers, body: body.toString('utf8') };
}

/** Sends one request to 127.0.0.1:`port` and reads the whole response (the server closes the connection). */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({
      host: '127.0.0.1',
      port,
      ...(request.localAddress ? { localAddress: request.localAddress } : {}),
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`timeout: ${request.method} ${request.target}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks), request));
      } catch (error) {
        reject(error as Error);
      }
    });
    // write, not end: a half-closed client socket may make the server drop a response still streaming.
    socket.write(requestBytes(port, request));
  });
}

/**
 * A loopback server that records the head of each request it receives and answers 204: to check that
 * the bytes on the wire are exactly the ones a test meant to send.
 */
export async function startCaptureServer(): Promise<{ port: number; heads: string[]; close(): Promise<void> }> {
  const heads: string[] = [];
  const server = createServer((socket) => {
    let data = '';
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      heads.push(data.slice(0, end));
      socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    heads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
