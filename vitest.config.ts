import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The front-end packages' suites in one vitest run (`pnpm test:front`): each package with a
 * vitest.config.ts is a project with its own config (environment, setup files, timeouts), and one pool of
 * workers serves them all, instead of one vitest start-up per package. The server has its own run (its
 * databases, `pnpm --filter @agora/server test`); e2e is Playwright.
 */
const root = import.meta.dirname;
const NOT_HERE = new Set(['server', 'e2e', 'node_modules']);
export const FRONT_END_PROJECTS = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_HERE.has(entry.name))
  .filter((entry) => existsSync(path.join(root, entry.name, 'vitest.config.ts')))
  .map((entry) => `./${entry.name}/vitest.config.ts`)
  .sort();

export default defineConfig({
  test: {
    projects: FRONT_END_PROJECTS,
    // Some packages have no test yet; that is no failure.
    passWithNoTests: true,
  },
});
