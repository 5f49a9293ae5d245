import { buildFixtureRemotes, ensureProductionDists, missingProductionDists } from './fixtures/builds';
import { installTemplateSite } from './fixtures/installed-site';
import { killLeftoverServers } from './fixtures/server';

/**
 * The suite tests the PRODUCTION build: `pnpm build` runs here when a dist is missing. The suite's own
 * remotes (sample plugin, throwing remote, mf-qa control, mf-review v2, mf-admin v2) are built once per run,
 * and one site is installed that every installed server starts from (fixtures/installed-site.ts).
 * E2E_NO_BUILD=1 (local iteration only) never runs `pnpm build`; the tests needing a missing dist then fail.
 */
export default async function globalSetup(): Promise<void> {
  killLeftoverServers(); // from an earlier run that was killed outright
  if (process.env.E2E_NO_BUILD === '1') {
    const missing = missingProductionDists();
    if (missing.length) console.warn(`[e2e setup] E2E_NO_BUILD=1 and missing: ${missing.join(', ')}`);
  } else {
    await ensureProductionDists();
  }
  // Independent of each other: the installer runs while the fixture remotes build.
  await Promise.all([buildFixtureRemotes(), installTemplateSite()]);
}
