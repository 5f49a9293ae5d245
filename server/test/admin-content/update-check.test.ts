import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateChecker } from '../../src/modules/dashboard/update-check';

/** A local HTTP server answering each request with `reply` (or never, for `hang`). */
async function localServer(
  reply: (path: string) => { status: number; body: string } | 'hang',
): Promise<{ url: (p: string) => string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    const answer = reply(req.url ?? '/');
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the dashboard’s update check', () => {
  let server: Awaited<ReturnType<typeof localServer>>;

  beforeAll(async () => {
    server = await localServer((p) => {
      if (p === '/latest') return { status: 200, body: JSON.stringify({ tag_name: 'v2.3.4', name: 'Release' }) };
      if (p === '/plain') return { status: 200, body: JSON.stringify({ version: '3.0.0' }) };
      if (p === '/slow') return 'hang';
      if (p === '/junk') return { status: 200, body: '<html>' };
      if (p === '/odd') return { status: 200, body: JSON.stringify({ tag_name: '<script>' }) };
      return { status: 500, body: '{}' };
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is ok with the feed’s version (tag_name or version, without the v)', async () => {
    expect(await new UpdateChecker({ url: server.url('/latest') }).check()).toEqual({ status: 'ok', version: '2.3.4' });
    expect(await new UpdateChecker({ url: server.url('/plain') }).check()).toEqual({ status: 'ok', version: '3.0.0' });
  });

  it('fails on a closed port, an error status, a body that is no release, or no feed at all', async () => {
    const port = await closedPort();
    for (const url of [
      `http://127.0.0.1:${port}/latest`,
      server.url('/error'),
      server.url('/junk'),
      server.url('/odd'),
    ]) {
      expect([url, await new UpdateChecker({ url }).check()]).toEqual([url, { status: 'failed' }]);
    }
  });

  it('is unconfigured, not failed, when there is no feed to ask', async () => {
    expect(await new UpdateChecker({ url: '' }).check()).toEqual({ status: 'unconfigured' });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const result = await new UpdateChecker({ url: server.url('/slow'), timeoutMs: 300 }).check();
    expect(result).toEqual({ status: 'failed' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps an answer, and a failure, for an hour: one request however many ask', async () => {
    let now = 1_000_000;
    const checker = new UpdateChecker({ url: server.url('/latest'), now: () => now });
    const before = server.hits();
    const results = await Promise.all([checker.check(), checker.check(), checker.check()]);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    now += 59 * 60_000;
    await checker.check();
    expect(server.hits() - before).toBe(1);
    now += 2 * 60_000;
    await checker.check();
    expect(server.hits() - before).toBe(2);

    const failing = new UpdateChecker({ url: server.url('/error'), now: () => now });
    const start = server.hits();
    await failing.check();
    await failing.check();
    expect(server.hits() - start).toBe(1);
  });
});
