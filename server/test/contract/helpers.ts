import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app';
import type { ServerConfig } from '../../src/config';
import { seedDemo } from '../../src/demo';
import { openSite, type OpenedSite } from '../../src/site';
import { ADMIN, installedSite, type InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { demoPasswordHash, NOW } from '../demo/helpers';
import { testConfig } from '../helpers';

export const V1 = '/answer/api/v1';

/** What Answer's UI gets back: the envelope and, for the tests of headers, the raw response. */
export interface Answered<T = unknown> {
  status: number;
  body: { code: number; reason: string; msg: string; data: T };
  response: LightMyRequestResponse;
}

/** An installed site with sample content, opened as server.ts opens it (every service of a real site). */
export interface ContractSite {
  site: InstalledSite;
  opened: OpenedSite;
  app: FastifyInstance;
  /** The install admin's login token (POST user/login/email). */
  adminToken: string;
  /** A request to the API (`url` under /answer/api/v1); `token` goes in the Authorization header. */
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<Answered<T>>;
  close(): Promise<void>;
}

export async function contractSite(
  target: TestDatabase,
  options: { questions?: number; config?: Partial<ServerConfig>; app?: AppOptions } = {},
): Promise<ContractSite> {
  const site = await installedSite(target);
  await seedDemo(site.database.db, {
    questions: options.questions ?? 20,
    users: 8,
    seed: 'contract',
    now: NOW,
    passwordHash: await demoPasswordHash(),
  });
  const config = testConfig({ ...options.config, dataDir: site.dataDir });
  const opened = await openSite(config, {}, () => undefined, { autoInstall: false });
  if (!opened.services) throw new Error('the test site is not installed');
  const app = await buildApp(config, { kind: 'installed', services: opened.services }, options.app);
  await app.ready();
  const call = async <T>({ token, ...inject }: InjectOptions & { token?: string }): Promise<Answered<T>> => {
    const response = await app.inject({
      ...inject,
      url: `${V1}${inject.url}`,
      headers: { ...(inject.headers ?? {}), ...(token ? { authorization: token } : {}) },
    });
    return { status: response.statusCode, body: response.json(), response };
  };
  const login = await call<{ access_token: string }>({
    method: 'POST',
    url: '/user/login/email',
    payload: { e_mail: ADMIN.email, pass: ADMIN.password },
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return {
    site,
    opened,
    app,
    adminToken: login.body.data.access_token,
    call,
    async close() {
      await app.close();
      await opened.close();
      await site.cleanup();
    },
  };
}
