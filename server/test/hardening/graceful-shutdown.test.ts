import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/modules/accounts/tokens';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

/** Bounds of the scenario: it never runs longer, or sends more, than this. */
const WRITERS = 4;
const MAX_REQUESTS = 600;
const DEADLINE_MS = 45_000;
/** SIGTERM once this many logins have been acknowledged. */
const ACKED_BEFORE_SIGTERM = 40;
/** From SIGTERM to exit (the server's own grace period is 25 s; requests here take milliseconds). */
const EXIT_WITHIN_MS = 10_000;

interface Outcome {
  sentAt: number;
  doneAt: number;
  status?: number;
  token?: string;
  error?: string;
}

function login(port: number, agent: Agent): Promise<Outcome> {
  const sentAt = Date.now();
  const body = JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/answer/api/v1/user/login/email',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const outcome: Outcome = { sentAt, doneAt: Date.now(), status: res.statusCode ?? 0 };
          if (res.statusCode === 200)
            outcome.token = (JSON.parse(text) as { data: { access_token: string } }).data.access_token;
          resolve(outcome);
        });
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ sentAt, doneAt: Date.now(), error: error.code ?? error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ sentAt, doneAt: Date.now(), error: error.code ?? error.message }),
    );
    req.end(body);
  });
}

describe('graceful shutdown under a stream of writes', () => {
  it('persists every acknowledged login; the others get a clean refusal', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      AGORA_DATA_DIR: dataDir,
      AGORA_HOST: '127.0.0.1',
      AGORA_PORT: '0',
      AGORA_LOG_LEVEL: 'info',
      // The stream is far above the login limits; this scenario is about shutdown.
      AGORA_RATE_LIMITS: 'off',
      AUTO_INSTALL: 'true',
      DB_TYPE: 'sqlite3',
      SITE_NAME: 'Shutdown Site',
      SITE_URL: 'http://127.0.0.1:9080',
      CONTACT_EMAIL: ADMIN.email,
      ADMIN_NAME: 'owner',
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: ADMIN.email,
    };
    delete env.AGORA_REDIS_URL;
    delete env.AGORA_CONFIG;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });

    const started = Date.now();
    const outcomes: Outcome[] = [];
    let sigtermAt = 0;

    // Writers on keep-alive connections: each sends its next login as soon as the last one ended.
    const writer = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (outcomes.length < MAX_REQUESTS && Date.now() - started < DEADLINE_MS) {
          const outcome = await login(port, agent);
          outcomes.push(outcome);
          if (!sigtermAt && outcomes.filter((o) => o.status === 200).length >= ACKED_BEFORE_SIGTERM) {
            sigtermAt = Date.now();
            child.kill('SIGTERM');
          }
          // Once the server refuses connections after the signal, this writer's stream is over.
          if (sigtermAt && outcome.error) break;
        }
      } finally {
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const exit = await exited;

    expect(sigtermAt, 'SIGTERM was sent').toBeGreaterThan(0);
    expect(exit.code, output.slice(-2000)).toBe(0);
    expect(exit.at - sigtermAt).toBeLessThan(EXIT_WITHIN_MS);
    expect(outcomes.length).toBeLessThanOrEqual(MAX_REQUESTS);

    const acked = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    // Every other request got a clean answer: 503 while draining, or a connection the client can retry.
    for (const o of refused) {
      if (o.status !== undefined) expect(o.status, JSON.stringify(o)).toBe(503);
      else expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']).toContain(o.error);
    }
    // Requests in flight when the signal came were finished, not dropped.
    expect(acked.filter((o) => o.sentAt <= sigtermAt && o.doneAt >= sigtermAt).length).toBeGreaterThan(0);
    // The stream ended, with a bounded number of refusals.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(WRITERS * 3);

    // Every acknowledged login is in the database the server closed.
    const db = new Database(path.join(dataDir, 'agora.sqlite3'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const find = db.prepare('select count(*) as n from session where token_hash = ?');
      const missing = acked.filter((o) => (find.get(hashToken(o.token!)) as { n: number }).n !== 1);
      expect(missing).toEqual([]);
      const stored = (db.prepare('select count(*) as n from session').get() as { n: number }).n;
      // Requests that were cut off are all-or-nothing: at most one session each beyond the acknowledged ones.
      expect(stored).toBeGreaterThanOrEqual(acked.length);
      expect(stored).toBeLessThanOrEqual(acked.length + refused.length);
    } finally {
      db.close();
    }
    console.info(
      `shutdown under load: ${acked.length} acknowledged (${acked.filter((o) => o.doneAt >= sigtermAt).length} after SIGTERM), ` +
        `${refused.length} refused (${[...new Set(refused.map((o) => o.status ?? o.error))].join(', ')}), ` +
        `exit ${exit.code} ${exit.at - sigtermAt} ms after SIGTERM`,
    );
  }, 90_000);
});
