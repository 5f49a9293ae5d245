import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '../../src/db/database';
import type { AccountsService } from '../../src/modules/accounts/service';
import { installSite, type InstallResult } from '../../src/modules/install/install';
import type { BaseInfoInput } from '../../src/modules/install/validate';
import type { FreshDatabase, TestDatabase } from '../db/databases';
import { siteApp, testConfig } from '../helpers';

export const ADMIN = { name: 'Ada Admin', email: 'Ada@Example.com', password: 'correct horse 1' };

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
 * The site's app over these accounts, every route as production serves it; no captcha and no rate
 * limits (both have their own tests), so a test may fail a login as often as it needs.
 */
export async function accountsApp(accounts: AccountsService): Promise<FastifyInstance> {
  const saved = process.env.AGORA_RATE_LIMITS;
  process.env.AGORA_RATE_LIMITS = 'off';
  const { app } = await siteApp(accounts.db, testConfig({ captcha: { enabled: false, fixedText: null } }), {
    accounts,
  });
  await app.ready();
  if (saved === undefined) delete process.env.AGORA_RATE_LIMITS;
  else process.env.AGORA_RATE_LIMITS = saved;
  return app;
}
