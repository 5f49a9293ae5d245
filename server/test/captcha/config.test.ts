import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, defaultConfig, loadConfig, type ServerConfig } from '../../src/config';
import { CaptchaService, noCaptcha } from '../../src/modules/captcha/service';
import { openSite } from '../../src/site';
import { installedSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { configSettings, siteApp, testConfig } from '../helpers';
import { addProbe, fakeSessions, migratedDatabase, PROBE, type MigratedDatabase } from './helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const { available } = await testDatabases();
const sqlite = available.find((d) => d.type === 'sqlite3')!;

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function dataDirWith(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-captcha-config-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(content));
  return dir;
}

describe('the `captcha` config key', () => {
  it('defaults to an enabled captcha with random text', () => {
    const config = loadConfig({ AGORA_DATA_DIR: dataDirWith({}) });
    expect(config.captcha).toEqual({ enabled: true, fixedText: null });
  });

  it('reads enabled and fixed_text from the file only (no environment override)', () => {
    const dir = dataDirWith({ captcha: { enabled: false, fixed_text: 'Ab12' } });
    expect(loadConfig({ AGORA_DATA_DIR: dir }).captcha).toEqual({ enabled: false, fixedText: 'Ab12' });
    const plain = dataDirWith({});
    expect(loadConfig({ AGORA_DATA_DIR: plain, AGORA_CAPTCHA_FIXED_TEXT: 'ZZZZ' }).captcha.fixedText).toBeNull();
  });

  it('refuses a bad captcha setting, naming it', () => {
    for (const captcha of [{ fixed_text: '' }, { fixed_text: 'a b' }, { enabled: 'no' }, { level: 2 }]) {
      const dir = dataDirWith({ captcha });
      let message = '';
      try {
        loadConfig({ AGORA_DATA_DIR: dir });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/captcha/);
    }
  });
});

describe('the captcha switch in the app (SQLite)', () => {
  let db: MigratedDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await migratedDatabase(sqlite);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.cleanup();
  });

  async function appWith(captcha: ServerConfig['captcha'], installed = true, logLines: string[] = []) {
    const config = testConfig({ captcha, logLevel: 'info' });
    const { app } = await siteApp(
      db.database.db,
      config,
      // Without the site's captcha store nothing can be asked (what a site that is not installed has).
      {
        sessions: fakeSessions,
        settings: configSettings(config),
        captcha: installed ? new CaptchaService(db.database.db, captcha) : noCaptcha,
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
    addProbe(app);
    apps.push(app);
    return app;
  }
  const actionRecord = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/answer/api/v1/user/action/record?action=email' })).json() as {
      data: { captcha_id: string; captcha_img: string; verify: boolean };
    };
  const pluginStatus = async (app: FastifyInstance) =>
    ((await app.inject({ method: 'GET', url: '/answer/api/v1/plugin/status' })).json() as { data: unknown[] }).data;

  it('enabled:false: no captcha is ever needed, and plugin/status says captcha-basic is off', async () => {
    const app = await appWith({ enabled: false, fixedText: null });
    expect((await actionRecord(app)).data).toEqual({ captcha_id: '', captcha_img: '', verify: false });
    expect((await app.inject({ method: 'POST', url: `${PROBE}?action=email`, payload: {} })).statusCode).toBe(200);
    expect(await pluginStatus(app)).toContainEqual({ slug_name: 'captcha-basic', enabled: false });
  });

  it('enabled (the default): plugin/status says captcha-basic is on, next to the configured plugins', async () => {
    const app = await appWith({ enabled: true, fixedText: null });
    expect(await pluginStatus(app)).toEqual([
      { slug_name: 'hello', enabled: true },
      { slug_name: 'captcha-basic', enabled: true },
    ]);
    expect((await actionRecord(app)).data.verify).toBe(true);
  });

  it('fixed_text: every captcha expects that text, and start-up logs a warning', async () => {
    const logLines: string[] = [];
    const app = await appWith({ enabled: true, fixedText: 'Q3Q3' }, true, logLines);
    const warnings = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.map((w) => w.msg)).toContainEqual(expect.stringMatching(/fixed_text/));
    for (let i = 0; i < 2; i += 1) {
      const { data } = await actionRecord(app);
      const res = await app.inject({
        method: 'POST',
        url: `${PROBE}?action=email`,
        payload: { captcha_id: data.captcha_id, captcha_code: 'q3q3' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('a site that is not installed never asks for a captcha', async () => {
    const app = await appWith({ enabled: true, fixedText: null }, false);
    expect((await actionRecord(app)).data.verify).toBe(false);
    expect((await app.inject({ method: 'POST', url: `${PROBE}?action=email`, payload: {} })).statusCode).toBe(200);
  });
});

describe('an installed site (SQLite)', () => {
  it('gets the database-backed captcha from openSite, with the configured switch', async () => {
    const site = await installedSite(sqlite);
    try {
      const config: ServerConfig = { ...defaultConfig(), dataDir: site.dataDir, logLevel: 'silent' };
      const opened = await openSite(config, {}, () => undefined, { autoInstall: false });
      if (!opened.services) throw new Error('the site is not installed');
      const app = await buildApp(config, { kind: 'installed', services: opened.services });
      app.addHook('onClose', () => opened.close());
      try {
        expect(opened.services.captcha).toBeInstanceOf(CaptchaService);
        const res = await app.inject({ method: 'GET', url: '/answer/api/v1/user/action/record?action=email' });
        expect(res.json()).toMatchObject({ data: { verify: true } });
      } finally {
        await app.close();
      }
      const off = await openSite({ ...config, captcha: { enabled: false, fixedText: null } }, {}, () => undefined, {
        autoInstall: false,
      });
      expect((off.services?.captcha as CaptchaService).enabled).toBe(false);
      await off.close();
    } finally {
      await site.cleanup();
    }
  });
});
