import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, BASE_INFO } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function call(url: string, method = 'GET', body?: unknown, token?: string) {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text, json: () => JSON.parse(text) };
}

describe('the server process', () => {
  it('installs through the browser installer API and serves the site without a restart', async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'agora-proc-install-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        AGORA_DATA_DIR: data,
        AGORA_CONFIG: '',
        AGORA_HOST: '127.0.0.1',
        AGORA_PORT: '0',
        AGORA_LOG_LEVEL: 'info',
        AUTO_INSTALL: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => rmSync(data, { recursive: true, force: true }));
    cleanups.push(() => child.kill('SIGKILL'));
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;

    const home = await call(`${base}/`);
    expect(home.status).toBe(302);
    expect(home.location).toBe('/install');
    expect((await call(`${base}/answer/api/v1/user/info`)).status).toBe(503);

    const init = await call(`${base}/installation/init`, 'POST', { db_type: 'sqlite3' });
    expect(init.status, init.text).toBe(200);
    const install = await call(`${base}/installation/base-info`, 'POST', BASE_INFO);
    expect(install.status, install.text).toBe(200);

    const login = await call(`${base}/answer/api/v1/user/login/email`, 'POST', {
      e_mail: ADMIN.email,
      pass: ADMIN.password,
    });
    expect(login.status, login.text).toBe(200);
    const token = login.json().data.access_token as string;
    const me = await call(`${base}/answer/api/v1/user/info`, 'GET', undefined, token);
    expect(me.json().data).toMatchObject({ username: 'grace-admin', role_id: 2 });
    const info = await call(`${base}/answer/api/v1/siteinfo`);
    expect(info.json().data.general.name).toBe('Installed Agora');
    expect((await call(`${base}/installation/config-file/check`, 'POST')).status).toBe(404);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/the site is installed: now serving it/);
  }, 90_000);
});
