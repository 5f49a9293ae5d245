import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { ServerConfig } from '../../src/config';
import type { ServiceOverrides } from '../../src/services';
import { openSite, type OpenedSite } from '../../src/site';
import type { TestDatabase } from '../db/databases';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testConfig } from '../helpers';

export const V1 = '/answer/api/v1';

/** An installed site on a test database, opened the way the server opens it (every service). */
export interface AbuseSite {
  site: InstalledSite;
  config: ServerConfig;
  /** A new app process over the same database and data directory (open as many as a test needs). */
  app(overrides?: ServiceOverrides, config?: Partial<ServerConfig>): Promise<FastifyInstance>;
  cleanup(): Promise<void>;
}

export async function abuseSite(target: TestDatabase, overrides: Partial<ServerConfig> = {}): Promise<AbuseSite> {
  const site = await installedSite(target);
  const config = testConfig({ dataDir: site.dataDir, siteUrl: 'http://localhost:9080', ...overrides });
  const opened: Array<{ app: FastifyInstance; site: OpenedSite }> = [];
  return {
    site,
    config,
    app: async (overrides = {}, more = {}) => {
      const merged = { ...config, ...more };
      const open = await openSite(merged, {}, () => undefined, { autoInstall: false, overrides });
      if (!open.services) throw new Error('the test site is not installed');
      await open.services.mailer.stop?.();
      const app = await buildApp(merged, { kind: 'installed', services: open.services });
      opened.push({ app, site: open });
      return app;
    },
    cleanup: async () => {
      for (const { app, site: open } of opened.reverse()) {
        await app.close();
        await open.close();
      }
      await site.cleanup();
    },
  };
}

/** The session cookie a login response sets (name=value), or null. */
export function sessionCookieOf(header: string | string[] | undefined): string | null {
  for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
    const pair = line.split(';')[0] ?? '';
    if (pair.includes('agora_session=') && !pair.endsWith('=')) return pair;
  }
  return null;
}
