import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { defaultConfig, type ServerConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { noCaptcha } from '../src/modules/captcha/service';
import { MemoryCounters } from '../src/plugins/rate-limit-store';
import type { DB } from '../src/db/schema';
import { installSite } from '../src/modules/install/install';
import type { BaseInfoInput } from '../src/modules/install/validate';
import { resolveSiteSettings, StaticSettingsStore } from '../src/modules/settings/store';
import { createServices, type ServiceOverrides, type Services } from '../src/services';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

export const SHELL_INDEX =
  '<!doctype html><html><head><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';

/** A built site on disk: a shell, one served remote and one plugin, with every kind of file. */
export function fakeSite(): { root: string; shellDir: string; remoteDir: string; pluginDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'agora-server-test-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, content: string | Buffer) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  const bigJs = `console.log(${JSON.stringify('x'.repeat(4000))});\n`.repeat(4);
  write('shell/index.html', SHELL_INDEX);
  write('shell/main.0123abcd.js', bigJs);
  write('shell/main.0123abcd.js.map', '{"version":3}');
  write('shell/77.89abcdef.css', 'body{margin:0}');
  write('shell/mf-manifest.json', '{"id":"shell"}');
  write('shell/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('shell/logo.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4096, 7)]));
  write('shell/.env', 'SECRET=1');
  write('mf-qa/remoteEntry.js', 'var mf_qa = 1;');
  write('mf-qa/mf-manifest.json', '{"id":"mf_qa","version":1}');
  write('mf-qa/123.fedcba98.js', 'chunk();');
  write('mf-qa/123.fedcba98.js.map', '{"version":3}');
  write('mf-qa/locales/en.txt', 'plain');
  write('plugin/remoteEntry.js', 'var plugin_hello = 1;');
  write('plugin/mf-manifest.json', '{"id":"plugin_hello"}');
  return {
    root,
    shellDir: path.join(root, 'shell'),
    remoteDir: path.join(root, 'mf-qa'),
    pluginDir: path.join(root, 'plugin'),
  };
}

/** A config over a fake site: one served remote, one remote elsewhere, one plugin. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const site = fakeSite();
  return {
    ...defaultConfig(),
    dataDir: path.join(site.root, 'data'),
    shellDir: site.shellDir,
    remotes: [
      { name: 'mf_qa', dir: site.remoteDir },
      { name: 'mf_users', entry: 'https://cdn.example.com/users/mf-manifest.json' },
    ],
    plugins: [{ slug_name: 'hello', name: 'plugin_hello', module: './Plugin', label: 'Hello', dir: site.pluginDir }],
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * The app of an installed site over `db`, its services built as the site builds them (createServices)
 * with `overrides` swapped in. No action asks for a captcha unless the test passes the captcha service
 * (the captcha tests do); rate limits count in the app's memory. Not ready yet: a caller may add hooks; inject() readies it.
 */
export async function siteApp(
  db: Kysely<DB>,
  config: ServerConfig,
  overrides: ServiceOverrides = {},
  options: AppOptions = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  // Each app counts its own rate limits, as a fresh process would (apps of one test may share a database).
  const services = createServices(db, config, { captcha: noCaptcha, rateCounters: new MemoryCounters(), ...overrides });
  return { app: await buildApp(config, { kind: 'installed', services }, options), services };
}

/** The settings of the config file alone (defaults under its `site`), as a site not installed has them. */
export function configSettings(config: ServerConfig): StaticSettingsStore {
  return new StaticSettingsStore(resolveSiteSettings(config.site, config.siteUrl));
}

let template: Promise<string> | undefined;
/** A SQLite file of a freshly installed site, made once per test worker (each app gets a copy). */
function installedSqlite(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agora-template-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'site.sqlite3');
    const result = await installSite({ dataDir: dir, database: { type: 'sqlite3', file }, baseInfo: TEMPLATE_SITE });
    if (result.status !== 'installed') throw new Error(`the template site did not install: ${result.message}`);
    return file;
  })();
  return template;
}

const TEMPLATE_SITE: BaseInfoInput = {
  lang: 'en_US',
  site_name: 'Agora Test',
  site_url: 'https://qa.example.com/',
  contact_email: 'contact@example.com',
  name: 'Ada Admin',
  password: 'correct horse 1',
  email: 'Ada@Example.com',
};

/** A copy of the installed template site, removed after the test. */
async function freshSqlite(): Promise<Kysely<DB>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-app-test-'));
  const file = path.join(dir, 'agora.sqlite3');
  copyFileSync(await installedSqlite(), file);
  const database = await createDatabase({ type: 'sqlite3', file });
  cleanups.push(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return database.db;
}

/**
 * The app of a freshly installed site on SQLite (its admin, no posts), its settings those of the config
 * file unless `overrides` swaps them; closed after the test. `db`: the app of that database instead.
 */
export async function makeApp(
  config: ServerConfig = testConfig(),
  overrides: ServiceOverrides = {},
  { db, ...options }: AppOptions & { db?: Kysely<DB> } = {},
): Promise<FastifyInstance> {
  const { app } = await siteApp(
    db ?? (await freshSqlite()),
    config,
    { settings: configSettings(config), ...overrides },
    options,
  );
  cleanups.push(() => app.close());
  return app;
}

export interface EnvelopeBody<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

export function envelope<T = unknown>(body: string): EnvelopeBody<T> {
  const parsed = JSON.parse(body) as EnvelopeBody<T>;
  return parsed;
}
