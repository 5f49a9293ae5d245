import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteHost } from '../../src/host';
import { BASE_INFO, installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { makeApp, testConfig } from '../helpers';
import { exchange } from '../support/raw-socket';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const { available } = await testDatabases();

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes raw bytes to the server and reads the whole answer (the server closes the connection). */
function raw(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const envelopeOf = (response: RawResponse) => JSON.parse(response.body) as Record<string, unknown>;

/** Every answer is the envelope, even for requests Node refuses before the app. */
describe.each(available)('the envelope on refused requests, over a real socket, on $label', (target) => {
  let site: InstalledSite;
  let host: SiteHost;
  let port: number;
  beforeAll(async () => {
    // Served over plain HTTP (its site URL says so): no HSTS.
    site = await installedSite(target, { ...BASE_INFO, site_url: 'http://localhost:9080/' });
    host = await SiteHost.start(testConfig({ dataDir: site.dataDir }), { env: {} });
    await host.listen('127.0.0.1', 0);
    port = (host.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await host?.close();
    await site?.cleanup();
  });

  it('a request line too long for Node: 431 in the envelope', async () => {
    const response = await raw(port, `GET /answer/api/v1/siteinfo?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(envelopeOf(response)).toEqual({
      code: 431,
      reason: 'base.request_header_too_large',
      msg: "The request's address or headers are too long.",
      data: null,
    });
  });

  it('headers too large for Node: 431 in the envelope', async () => {
    const response = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Filler: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(envelopeOf(response)).toMatchObject({ code: 431, reason: 'base.request_header_too_large', data: null });
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
  });

  it("on a keep-alive connection, an oversized next request gets 431 in the envelope, in the request's language", async () => {
    const [first, second] = await exchange(port, [
      'GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN\r\nX-Filler: ${'b'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(431);
    expect(second!.headers['connection']).toBe('close');
    expect(envelopeOf(second!)).toEqual({
      code: 431,
      reason: 'base.request_header_too_large',
      msg: '请求地址或请求头过长。',
      data: null,
    });
  });

  it('a request Node cannot parse: 400 in the envelope', async () => {
    const response = await raw(port, 'NOT AN HTTP REQUEST\r\n\r\n');
    expect(response.status).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ code: 400, reason: 'base.request_format_error', data: null });
  });

  it('a body too large: 413 in the envelope', async () => {
    const body = JSON.stringify({ e_mail: 'a@example.com', pass: 'x'.repeat(1024 * 1024 + 10) });
    const response = await raw(
      port,
      `POST /answer/api/v1/user/login/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(response.status).toBe(413);
    expect(envelopeOf(response)).toMatchObject({ code: 413, reason: 'base.request_too_large', data: null });
  });

  it('sends no HSTS over plain HTTP', async () => {
    const response = await raw(port, 'GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });
});

describe('HSTS only over HTTPS', () => {
  const URLS = ['/', '/answer/api/v1/siteinfo', '/answer/api/v1/nothing', '/main.0123abcd.js', '/healthz'];

  it('is absent on every kind of answer of a site served over http://', async () => {
    const app = await makeApp(testConfig({ siteUrl: 'http://localhost:9080' }));
    for (const url of URLS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers, url).not.toHaveProperty('strict-transport-security');
    }
  });

  it('is sent on every answer of a site whose URL is https:// (TLS ends at its proxy)', async () => {
    const app = await makeApp(testConfig({ siteUrl: 'https://qa.example.com' }));
    for (const url of URLS) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
