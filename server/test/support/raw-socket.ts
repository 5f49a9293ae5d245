// Raw HTTP/1.1 over a socket, for what a client library would never send (oversized heads, bad request
// lines, several requests on one keep-alive connection). raw-http.ts writes one exact request target.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(text: string): RawResponse {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/**
 * Writes each request on one connection, the next once the previous answer has fully arrived (a
 * keep-alive client), and resolves with every answer once the server has closed the connection.
 */
export function exchange(port: number, requests: string[]): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const answers: string[] = [];
    let pending = '';
    let next = 0;
    const send = () => socket.write(requests[next++]!);
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      // An answer is complete once its Content-Length bytes of body are in.
      const split = pending.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(pending.slice(0, split))?.[1] ?? NaN);
      if (split >= 0 && Buffer.byteLength(pending.slice(split + 4)) >= length) {
        answers.push(pending);
        pending = '';
        if (next < requests.length) send();
      }
    });
    socket.on('error', (error) => (answers.length ? undefined : reject(error)));
    socket.on('close', () => resolve([...answers, ...(pending ? [pending] : [])].map(parse)));
    send();
  });
}
