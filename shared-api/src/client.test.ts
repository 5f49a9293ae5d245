import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, configureClient } from './client';
import { ApiError } from './errors';

// A real HTTP peer on 127.0.0.1 that answers with Answer-style envelopes.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler = () => undefined;
let server: Server;
let baseUrl = '';

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  configureClient({ getToken: () => null, getLanguage: () => 'en_US' });
});

const client = () => new ApiClient('/answer/api/v1', { baseUrl, timeout: 300 });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('ApiClient', () => {
  it('resolves with the envelope data and sends the session headers', async () => {
    let seen: IncomingMessage | undefined;
    handler = (req, res) => {
      seen = req;
      reply(res, 200, { code: 200, reason: 'base.success', msg: 'Success.', data: { name: 'Agora' } });
    };
    configureClient({ getToken: () => 'token-123', getLanguage: () => 'zh_CN' });
    await expect(client().get('siteinfo', { a: '1' })).resolves.toEqual({ name: 'Agora' });
    expect(seen?.url).toBe('/answer/api/v1/siteinfo?a=1');
    expect(seen?.headers.authorization).toBe('token-123');
    expect(seen?.headers['accept-language']).toBe('zh-CN');
  });

  it('sends no Authorization header without a token, and JSON bodies on DELETE', async () => {
    let headers: IncomingMessage['headers'] = {};
    let received = '';
    handler = (req, res, body) => {
      headers = req.headers;
      received = body;
      reply(res, 200, { code: 200, reason: 'base.success', msg: '', data: null });
    };
    await client().delete('question', { id: '10010000000000001' });
    expect(headers.authorization).toBeUndefined();
    expect(JSON.parse(received)).toEqual({ id: '10010000000000001' });
  });

  it('turns field errors into an ApiError with a field map', async () => {
    handler = (_req, res) =>
      reply(res, 400, {
        code: 400,
        reason: 'base.request_format_error',
        msg: 'Title is too long.',
        data: [{ error_field: 'title', error_msg: 'Title is too long.' }],
      });
    const error = await failure(client().post('question', { title: 'x' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, reason: 'base.request_format_error' });
    expect(error.message).toBe('Title is too long.');
    expect(error.fieldMap()).toEqual({ title: 'Title is too long.' });
    expect(error.path).toBe('/answer/api/v1/question');
  });

  it('reads the err_type hint and the 403 type', async () => {
    handler = (_req, res) =>
      reply(res, 400, {
        code: 400,
        reason: 'error.object.disallow_vote_your_self',
        msg: 'No.',
        data: { err_type: 'toast' },
      });
    expect((await failure(client().post('vote/up', {}))).errType).toBe('toast');

    handler = (_req, res) =>
      reply(res, 403, { code: 403, reason: 'error.user.suspended', msg: 'Suspended.', data: { type: 'suspended' } });
    const forbidden = await failure(client().get('question/page'));
    expect(forbidden.status).toBe(403);
    expect(forbidden.forbiddenType).toBe('suspended');
  });

  it('keeps a server error without an envelope as a typed error', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const error = await failure(client().get('siteinfo'));
    expect(error).toMatchObject({ kind: 'http', status: 502, reason: 'base.unknown', isServerError: true });
  });

  it('times out without retrying', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      setTimeout(() => reply(res, 200, { code: 200, reason: '', msg: '', data: null }), 1_000);
    };
    const error = await failure(client().get('slow'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(1);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = new ApiClient('/answer/api/v1', { baseUrl: 'http://127.0.0.1:9', timeout: 2_000 });
    expect(await failure(closed.get('siteinfo'))).toMatchObject({ kind: 'network', status: 0 });
  });
});
