import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app';
import type { ServerConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { noCaptcha } from '../../src/modules/captcha/service';
import { installSite, type InstallResult } from '../../src/modules/install/install';
import type { BaseInfoInput } from '../../src/modules/install/validate';
import type { Session, SessionStore } from '../../src/modules/session/store';
import { MemoryCounters } from '../../src/plugins/rate-limit-store';
import { createServices, type ServiceOverrides, type Services } from '../../src/services';
import type { FreshDatabase, TestDatabase } from '../db/databases';
import { configSettings, envelope, type EnvelopeBody } from './app';
import { testConfig } from './config';
import { addMembers, type TestMember } from './members';

/**
 * The server test harness: a site installed on a fresh database of the run (SQLite, PostgreSQL or
 * MariaDB), with the members and the settings a test names, its services built as the site builds
 * them (createServices), served by the whole app. A test talks to it as a member would (`call`, `must`:
 * the member's name is its login token) and reads the database behind it (`db`).
 */

export const ADMIN = { name: 'Ada Admin', email: 'Ada@Example.com', password: 'correct horse 1' };

/** What the installer is told: user 1 is ADMIN, site name and URL, English. */
export const BASE_INFO: BaseInfoInput = {
  lang: 'en_US',
  site_name: 'Agora Test',
  site_url: 'https://qa.example.com/',
  contact_email: 'contact@example.com',
  name: ADMIN.name,
  password: ADMIN.password,
  email: ADMIN.email,
};

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh database with the site installed on it, and a data directory holding the config file. */
export interface InstalledSite {
  fresh: FreshDatabase;
  dataDir: string;
  result: InstallResult;
  database: Database;
  cleanup(): Promise<void>;
}

/** The installer run on a fresh database of `target` (no app: the installer's own tests start here). */
export async function installedSite(target: TestDatabase, baseInfo: BaseInfoInput = BASE_INFO): Promise<InstalledSite> {
  const fresh = await target.fresh();
  const data = tempDir('agora-install-test-');
  const result = await installSite({ dataDir: data.dir, database: fresh.config, baseInfo });
  const database = await createDatabase(fresh.config);
  return {
    fresh,
    dataDir: data.dir,
    result,
    database,
    cleanup: async () => {
      await database.close();
      await fresh.drop();
      data.remove();
    },
  };
}

/**
 * A member a test names: TestMember; `inactive` for an account whose e-mail is not confirmed (the row
 * and the login); `session` for the login's state alone, the row left normal.
 */
export type SiteMember = TestMember & { inactive?: boolean; session?: Session['status'] };
export type Members = Record<string, SiteMember>;

export interface SiteOptions<M extends Members> {
  /** The members besides the install's admin (user 1), by name; a member's name is its login token. */
  members?: M;
  /** Laid over the test config (site settings pinned by the config file, captcha, plugins, update feed). */
  config?: Partial<ServerConfig>;
  /** The site's clock (every service of createServices reads it). */
  now?: () => number;
  /** Captchas as the config asks for them (default: none is asked, the captcha tests opt in). */
  captcha?: boolean;
  /** The rate limits of the config (default: off, so a test may repeat an action as often as it needs). */
  rateLimits?: boolean;
  /**
   * Sessions: `members` (default) logs a member in by name, without passwords; `real` keeps the site's
   * own session store (login, cookies and tokens as production issues them).
   */
  sessions?: 'members' | 'real';
  /**
   * Where the settings come from: `database` (default; as a real site, what the admin routes write) or
   * `config`, the config file's alone (defaults under its `site`), for suites that never change one.
   */
  settings?: 'database' | 'config';
  /** Services the test swaps in (a fake mailer, a failing store; a function: of the site's database); each caller says why. */
  overrides?: ServiceOverrides | ((db: Kysely<DB>) => ServiceOverrides);
  /** buildApp's options (request logging and the like). */
  app?: AppOptions;
  baseInfo?: BaseInfoInput;
  /** Content written after the install and the members, before the app starts (a demo, a fixture). */
  seed?: (db: Kysely<DB>) => Promise<unknown>;
}

export type Reply<T> = { status: number; body: EnvelopeBody<T> };
/** A call under /answer/api/v1 (`admin: true`: under /answer/admin/api; a url already under one, or outside the API, as it is). */
export type CallOptions<M extends Members> = InjectOptions & { as?: (keyof M & string) | 'admin'; admin?: boolean };

export interface TestSite<M extends Members = Members> {
  installed: InstalledSite;
  dataDir: string;
  db: Kysely<DB>;
  app: FastifyInstance;
  services: Services;
  config: ServerConfig;
  members: M;
  /** The user id of a member (`admin`: 1). */
  id(name: (keyof M & string) | 'admin'): number;
  call<T = unknown>(options: CallOptions<M>): Promise<Reply<T>>;
  /** The same call, failing the test unless it answers 200; its data. */
  must<T = unknown>(options: CallOptions<M>): Promise<T>;
  /** Another app on the same database and data directory, as a second process of the site would be. */
  secondApp(overrides?: ServiceOverrides): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Logins by name: each member's token is its name; `admin` is the install's admin. */
export function memberSessions(members: Members): SessionStore {
  const all: Members = { admin: { id: 1, roleId: 2, rank: 1 }, ...members };
  const sessions: Record<string, Session> = Object.fromEntries(
    Object.entries(all).map(([name, m]) => [
      name,
      {
        token: name,
        userId: String(m.id),
        roleId: m.roleId as 1 | 2 | 3,
        status: m.session ?? (m.status === 9 ? 'suspended' : m.inactive ? 'inactive' : 'normal'),
      },
    ]),
  );
  return { find: async (token) => sessions[token] ?? null, revoke: async () => undefined };
}

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
/** URLs a call leaves as they are: already under an API root, or outside the API. */
const OWN_ROOT = /^\/(answer\/(api|admin\/api)\/|installation\/|healthz|robots\.txt|custom\.css|sitemap)/;

/** The app of this site: createServices with the harness's choices, then the test's overrides. */
async function appOf(
  db: Kysely<DB>,
  config: ServerConfig,
  options: SiteOptions<Members>,
  members: Members,
  overrides: ServiceOverrides = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  const services = createServices(db, config, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.captcha ? {} : { captcha: noCaptcha }),
    // Each app counts its own rate limits, as a fresh process would.
    rateCounters: new MemoryCounters(),
    ...(options.sessions === 'real' ? {} : { sessions: memberSessions(members) }),
    ...(options.settings === 'config' ? { settings: configSettings(config) } : {}),
    ...(typeof options.overrides === 'function' ? options.overrides(db) : options.overrides),
    ...overrides,
  });
  const limits = process.env.AGORA_RATE_LIMITS;
  if (!options.rateLimits) process.env.AGORA_RATE_LIMITS = 'off';
  try {
    // Not ready yet: a test may add hooks; the first inject readies it.
    const app = await buildApp(config, { kind: 'installed', services }, options.app ?? {});
    return { app, services };
  } finally {
    if (limits === undefined) delete process.env.AGORA_RATE_LIMITS;
    else process.env.AGORA_RATE_LIMITS = limits;
  }
}

/** Opens a site on a fresh database of `target`; the test closes it (or uses useSite). */
export async function openSite<M extends Members = Record<never, SiteMember>>(
  target: TestDatabase,
  options: SiteOptions<M> = {},
): Promise<TestSite<M>> {
  const installed = await installedSite(target, options.baseInfo);
  const db = installed.database.db;
  const members = (options.members ?? {}) as M;
  await addMembers(db, members);
  const inactive = Object.values(members as Members)
    .filter((m) => m.inactive)
    .map((m) => m.id);
  if (inactive.length) await db.updateTable('user').set({ mail_status: 2 }).where('id', 'in', inactive).execute();
  await options.seed?.(db);
  const config = testConfig({ dataDir: installed.dataDir, ...options.config });
  const { app, services } = await appOf(db, config, options as SiteOptions<Members>, members);
  const others: FastifyInstance[] = [];

  const id = (name: string) => (name === 'admin' ? 1 : (members as Members)[name]!.id);
  async function call<T>({ as, admin, url, ...inject }: CallOptions<M>): Promise<Reply<T>> {
    const path = String(url ?? '');
    const full = OWN_ROOT.test(path) ? path : `${admin ? ADMIN_API : API}${path}`;
    const response = await app.inject({
      ...inject,
      url: full,
      headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
    });
    return { status: response.statusCode, body: envelope<T>(response.body) };
  }
  return {
    installed,
    dataDir: installed.dataDir,
    db,
    app,
    services,
    config,
    members,
    id,
    call,
    async must<T>(options: CallOptions<M>): Promise<T> {
      const res = await call<T>(options);
      if (res.status !== 200)
        throw new Error(`${options.method} ${options.url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async secondApp(overrides = {}) {
      const second = await appOf(db, config, options as SiteOptions<Members>, members, overrides);
      others.push(second.app);
      return second.app;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await installed.cleanup();
    },
  };
}

/**
 * A site for one describe block: opened before its tests, closed after them. The returned object stands
 * for the site (it forwards to it once beforeAll has run), so a file declares its site in one line.
 */
export function useSite<M extends Members = Record<never, SiteMember>>(
  target: TestDatabase,
  options: SiteOptions<M> | (() => SiteOptions<M>) = {},
): TestSite<M> {
  let site: TestSite<M> | undefined;
  beforeAll(async () => {
    site = await openSite(target, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await site?.close();
  });
  return forwardTo(() => site, 'The site is opened in beforeAll.');
}

/** An object that forwards every property to what `current` returns (a site opened later). */
export function forwardTo<T extends object>(current: () => T | undefined, notYet: string): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current();
      if (!target) throw new Error(notYet);
      return Reflect.get(target, key) as unknown;
    },
  });
}
