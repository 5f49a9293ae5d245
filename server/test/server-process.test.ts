import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp, testConfig } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function get(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts `node --import tsx src/server.ts` and resolves once it listens (or exits). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, AGORA_HOST: '127.0.0.1', AGORA_PORT: '0', AGORA_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, exited, listening, output: () => output };
}

describe('the server process', () => {
  it('serves, then exits 0 on SIGTERM', async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'agora-proc-'));
    dirs.push(data);
    const server = startServer({ AGORA_DATA_DIR: data });
    const port = await server.listening;
    expect(await get(port, '/healthz')).toEqual({ status: 200, body: 'OK' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  }, 30_000);

  it('refuses to start with an invalid config file, naming the field', async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'agora-proc-'));
    dirs.push(data);
    writeFileSync(path.join(data, 'config.json'), JSON.stringify({ port: 'eighty' }));
    const server = startServer({ AGORA_DATA_DIR: data, AGORA_PORT: '' });
    server.listening.catch(() => undefined);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid config file .*config\.json:\n\s+port: must be integer/);
  }, 30_000);
});

describe('graceful close', () => {
  it('stops accepting connections but finishes the request in flight', async () => {
    const app = await makeApp(testConfig());
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      app.get('/answer/api/v1/test/slow', { config: { auth: 'none' } }, async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
        return { code: 200, reason: 'base.success', msg: 'Success.', data: 'finished' };
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;

    const inFlight = get(port, '/answer/api/v1/test/slow');
    await started;
    const closed = app.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toBe('finished');
    await closed;
  });
});
