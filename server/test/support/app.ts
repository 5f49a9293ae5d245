import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type AppOptions } from '../../src/app';
import type { ServerConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { noCaptcha } from '../../src/modules/captcha/service';
import { installSite } from '../../src/modules/install/install';
import type { BaseInfoInput } from '../../src/modules/install/validate';
import { resolveSiteSettings, StaticSettingsStore } from '../../src/modules/settings/store';
import { MemoryCounters } from '../../src/plugins/rate-limit-store';
import { createServices, type ServiceOverrides, type Services } from '../../src/services';
import { afterThisTest, testConfig } from './config';

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
  afterThisTest(async () => {
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
  afterThisTest(() => app.close());
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
