import type { FastifyInstance } from 'fastify';
import type { AccountsService } from '../../src/modules/accounts/service';
import { siteApp } from '../support/app';
import { testConfig } from '../support/config';

export { ADMIN, BASE_INFO, installedSite, tempDir, type InstalledSite } from '../support/site';

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
