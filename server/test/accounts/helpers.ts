import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '../../src/db/database';
import { accountsRoutes } from '../../src/modules/accounts/routes';
import type { AccountsService } from '../../src/modules/accounts/service';
import { installSite, type InstallResult } from '../../src/modules/install/install';
import type { BaseInfoInput } from '../../src/modules/install/validate';
import errors from '../../src/plugins/errors';
import i18n from '../../src/plugins/i18n';
import type { FreshDatabase, TestDatabase } from '../db/databases';

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

/** A bare Fastify app (no buildApp): typebox validation, i18n, the error handler and the accounts routes. */
export async function accountsApp(accounts: AccountsService): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).setValidatorCompiler(TypeBoxValidatorCompiler);
  await app.register(i18n);
  await app.register(errors);
  await app.register(accountsRoutes, { prefix: '/answer/api/v1', accounts });
  await app.ready();
  return app;
}
