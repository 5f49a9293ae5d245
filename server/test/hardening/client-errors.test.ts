import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptLanguageOf } from '../../src/lib/client-error';
import { makeApp, testConfig } from '../helpers';
import { exchange, type RawResponse } from '../support/raw-socket';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const envelopeOf = (response: RawResponse) => JSON.parse(response.body) as Record<string, unknown>;
const filler = (size: number) => `X-Filler: ${'b'.repeat(size)}\r\n`;
const TOO_LARGE_EN = "The request's address or headers are too long.";
const TOO_LARGE_ZH = '请求地址或请求头过长。';

describe('requests Node refuses before the app, over a real socket to the listening app', () => {
  let port: number;
  // The test helpers close the app after each test: each one gets its own.
  beforeEach(async () => {
    const app = await makeApp(testConfig());
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  it('a 20 KB header: 431 in the envelope, a complete HTTP/1.1 answer, then the connection closes', async () => {
    const [response, ...more] = await exchange(port, [
      `GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\n${filler(20_000)}\r\n`,
    ]);
    expect(more).toEqual([]);
    expect(response!.status).toBe(431);
    expect(response!.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(response!.body)),
      connection: 'close',
      'cache-control': 'no-store',
    });
    expect(envelopeOf(response!)).toEqual({
      code: 431,
      reason: 'base.request_header_too_large',
      msg: TOO_LARGE_EN,
      data: null,
    });
  });

  it("answers in the request's language when its Accept-Language can be read, before or after the overflow", async () => {
    const before = `GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN,zh;q=0.9\r\n${filler(20_000)}\r\n`;
    const after = `GET / HTTP/1.1\r\nHost: x\r\n${filler(20_000)}accept-language: zh-CN\r\n\r\n`;
    for (const request of [before, after]) {
      const [response] = await exchange(port, [request]);
      expect(response!.status).toBe(431);
      expect(envelopeOf(response!)).toMatchObject({ reason: 'base.request_header_too_large', msg: TOO_LARGE_ZH });
      expect(response!.headers['content-length']).toBe(String(Buffer.byteLength(response!.body)));
    }
  });

  it('a URL over the limit: 431 as well', async () => {
    const [response] = await exchange(port, [
      `GET /answer/api/v1/siteinfo?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US\r\n\r\n`,
    ]);
    expect(response!.status).toBe(431);
    expect(envelopeOf(response!)).toMatchObject({ code: 431, msg: TOO_LARGE_EN });
  });

  it('on a keep-alive connection that already carried an answer, the oversized next request still gets the envelope', async () => {
    const [first, second, ...more] = await exchange(port, [
      'GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN\r\n${filler(20_000)}\r\n`,
    ]);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(431);
    expect(envelopeOf(second!)).toMatchObject({
      code: 431,
      reason: 'base.request_header_too_large',
      msg: TOO_LARGE_ZH,
    });
    expect(more).toEqual([]);
  });

  it('a malformed request line: 400 in the envelope (translated when it can be)', async () => {
    const [english] = await exchange(port, ['NOT AN HTTP REQUEST\r\n\r\n']);
    expect(english!.status).toBe(400);
    expect(english!.headers['connection']).toBe('close');
    expect(envelopeOf(english!)).toMatchObject({ code: 400, reason: 'base.request_format_error', data: null });
    const [chinese] = await exchange(port, ['GET / HTTP/9.9 junk\r\nAccept-Language: zh-CN\r\n\r\n']);
    expect(chinese!.status).toBe(400);
    expect(envelopeOf(chinese!).msg).not.toBe(envelopeOf(english!).msg);
  });

  it('a request just under the limit still reaches the app', async () => {
    const [response] = await exchange(port, [
      `GET /answer/api/v1/siteinfo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${filler(15_000)}\r\n`,
    ]);
    expect(response!.status).toBe(200);
  });
});

describe('acceptLanguageOf', () => {
  const error = (packet: unknown) =>
    Object.assign(new Error('parse'), { code: 'HPE_HEADER_OVERFLOW', rawPacket: packet });

  it('reads the header from the bytes the parser was reading, the last one when there are several', () => {
    expect(acceptLanguageOf(error(Buffer.from('GET / HTTP/1.1\r\nAccept-Language:  zh-CN \r\nX: y\r\n')))).toBe(
      'zh-CN',
    );
    expect(
      acceptLanguageOf(
        error(Buffer.from('GET / HTTP/1.1\r\nAccept-Language: en\r\n\r\nGET / HTTP/1.1\r\nACCEPT-LANGUAGE: zh\r\n')),
      ),
    ).toBe('zh');
  });

  it('gives up on an incomplete, missing, oversized or unreadable header', () => {
    expect(acceptLanguageOf(error(Buffer.from('GET / HTTP/1.1\r\nAccept-Language: zh-C')))).toBeUndefined();
    expect(acceptLanguageOf(error(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n')))).toBeUndefined();
    expect(
      acceptLanguageOf(error(Buffer.from(`GET / HTTP/1.1\r\nAccept-Language: ${'z'.repeat(300)}\r\n`))),
    ).toBeUndefined();
    expect(acceptLanguageOf(error(undefined))).toBeUndefined();
    expect(acceptLanguageOf(error('not a buffer'))).toBeUndefined();
  });
});
