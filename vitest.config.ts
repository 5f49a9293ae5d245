import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { testFilesByRegistry } from './scripts/test-registry.mjs';

/**
 * The front-end packages' suites in one vitest run (`pnpm test:front`): each package with a
 * vitest.config.ts gives a project with its own config (environment, setup files, timeouts), and one pool
 * of workers serves them all, instead of one vitest start-up per package. The server has its own run (its
 * databases, `pnpm --filter @agora/server test`); e2e is Playwright.
 *
 * Each package is two projects: its files that may share their worker's module registry (React, antd and
 * the screens imported once per worker) and those that replace a module (scripts/test-registry.mjs).
 * Every test still renders into a clean document: the setup files clean up after each test.
 */
const root = import.meta.dirname;
const NOT_HERE = new Set(['server', 'e2e', 'node_modules']);
export const FRONT_END_PACKAGES = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_HERE.has(entry.name))
  .filter((entry) => existsSync(path.join(root, entry.name, 'vitest.config.ts')))
  .map((entry) => entry.name)
  .sort();

function packageProjects(name: string): TestProjectInlineConfiguration[] {
  const dir = path.join(root, name);
  const { shared, own } = existsSync(path.join(dir, 'src')) ? testFilesByRegistry(dir, 'src') : { shared: [], own: [] };
  // The package's own include stays (extends concatenates lists): each project leaves out the other's files.
  const project = (suffix: string, exclude: string[], isolate: boolean): TestProjectInlineConfiguration => ({
    extends: `./${name}/vitest.config.ts`,
    root: dir,
    test: { name: `${name}${suffix}`, exclude: ['**/node_modules/**', ...exclude], isolate },
  });
  return [
    ...(shared.length ? [project('', own, false)] : []),
    ...(own.length ? [project(' (own registry)', shared, true)] : []),
  ];
}

export default defineConfig({
  test: {
    projects: FRONT_END_PACKAGES.flatMap(packageProjects),
    // Some packages have no test yet; that is no failure.
    passWithNoTests: true,
  },
});
