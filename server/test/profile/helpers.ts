import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { type DbSettingsStore } from '../../src/modules/site-info/store';
import type { DB } from '../../src/db/schema';
import type { AccountsService } from '../../src/modules/accounts/service';
import { DEMO_PASSWORD, seedDemo, type DemoResult } from '../../src/demo';
import type { ProfileService } from '../../src/modules/profile/service';
import { ADMIN, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { openSite } from '../support/site';

export { NOW };

export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** An installed site (optionally with the demo content) served by the whole app with profiles on. */
export interface ProfileSite {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  accounts: AccountsService;
  settings: DbSettingsStore;
  profile: ProfileService;
  demo: DemoResult | null;
  dataDir: string;
  /** A login token for an e-mail (demo accounts use DEMO_PASSWORD, the install admin its own). */
  token(email: string): Promise<string>;
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function profileSite(
  target: TestDatabase,
  options: { demo?: boolean; now?: () => number } = {},
): Promise<ProfileSite> {
  let demo: DemoResult | null = null;
  // Real logins (the demo's members); the profile's clock is the test's (NOW by default), as is the site's.
  const opened = await openSite(target, {
    seed: async (db) => {
      if (options.demo !== false)
        demo = await seedDemo(db, {
          questions: 40,
          users: 14,
          seed: 'profile',
          now: NOW,
          passwordHash: await demoPasswordHash(),
        });
    },
    now: options.now ?? (() => NOW),
    sessions: 'real',
    rateLimits: true,
  });
  const { db, app, services, installed: site } = opened;
  const { accounts, profile } = services;
  const settings = services.settings as DbSettingsStore;
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    site,
    db,
    app,
    accounts,
    settings,
    profile,
    demo,
    dataDir: site.dataDir,
    async token(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const password = email.toLowerCase() === ADMIN.email.toLowerCase() ? ADMIN.password : DEMO_PASSWORD;
      const outcome = await accounts.loginWithEmail(email, password);
      if (outcome.kind !== 'ok') throw new Error(`cannot log in as ${email}: ${outcome.kind}`);
      tokens.set(email, outcome.token);
      return outcome.token;
    },
    async call<T>({ token, ...inject }: InjectOptions & { token?: string }) {
      const res = await app.inject({
        ...inject,
        headers: { ...(inject.headers ?? {}), ...(token ? { authorization: token } : {}) },
      });
      return { status: res.statusCode, body: res.json() as Envelope<T> };
    },
    close: () => opened.close(),
  };
}
