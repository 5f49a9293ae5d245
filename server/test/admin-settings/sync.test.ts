import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import type { SiteInfo } from '@agora/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { siteApp, testConfig } from '../helpers';
import { writeSite, type WriteSite } from '../write/helpers';
import { put, read } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const REDIS_URL = process.env.AGORA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = new Socket();
  socket.setTimeout(500);
  socket
    .once('connect', () => resolve(true))
    .once('error', () => resolve(false))
    .once('timeout', () => resolve(false));
  socket.connect(Number(port || 6379), hostname);
}).finally(() => undefined);

/** Reads siteinfo from `app` until the site name is `name`; the milliseconds that took. */
async function waitForName(app: FastifyInstance, name: string, limitMs: number, everyMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const info = JSON.parse((await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).body) as {
      data: SiteInfo;
    };
    if (info.data.general.name === name) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`the other process still says "${info.data.general.name}"`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Two processes of one site: `s.app` (where the admin saves) and `other`, each with its own settings cache. */
function twoProcesses(label: string, env: Record<string, string>) {
  const state: { s?: WriteSite; other?: FastifyInstance } = {};
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    for (const [key, value] of Object.entries(env)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    const target = available.find((d) => d.label === label)!;
    state.s = await writeSite(target);
    ({ app: state.other } = await siteApp(state.s.db, testConfig()));
    await state.other.ready();
  });
  afterAll(async () => {
    await state.other?.close();
    await state.s?.cleanup();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return state;
}

const rename = async (s: WriteSite, name: string) => {
  const general = await read(s, '/siteinfo/general');
  expect((await put(s, '/siteinfo/general', { ...general, name })).status).toBe(200);
};

describe.each(available.map((d) => d.label))('settings saved by another process, no Redis, on %s', (label) => {
  const p = twoProcesses(label, {});

  it('reach the other process within about a second', async () => {
    const other = p.other!;
    await waitForName(other, 'Agora Test', 2_000, 50);
    await rename(p.s!, 'Renamed Elsewhere');
    const took = await waitForName(other, 'Renamed Elsewhere', 3_000, 50);
    expect(took).toBeLessThan(1_600);
    // Another group too, and back again: every save is seen.
    await rename(p.s!, 'Agora Test');
    expect(await waitForName(other, 'Agora Test', 3_000, 50)).toBeLessThan(1_600);
  });
});

describe.skipIf(!redisUp).each(available.map((d) => d.label))(
  'settings saved by another process, with Redis, on %s',
  (label) => {
    const p = twoProcesses(label, {
      AGORA_REDIS_URL: REDIS_URL,
      AGORA_REDIS_PREFIX: `agora-test-${randomBytes(4).toString('hex')}:`,
    });

    it('reach the other process at once (before its own version check would)', async () => {
      const other = p.other!;
      await waitForName(other, 'Agora Test', 2_000, 10);
      await rename(p.s!, 'Renamed Via Redis');
      expect(await waitForName(other, 'Renamed Via Redis', 3_000, 10)).toBeLessThan(400);
      const login = await read(p.s!, '/siteinfo/login');
      expect((await put(p.s!, '/siteinfo/login', { ...login, login_required: true })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await other.inject({ method: 'GET', url: '/answer/api/v1/question/page' });
      expect(refused.statusCode).toBe(401);
    });
  },
);
