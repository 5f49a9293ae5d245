// The ONE list of modules shared as singletons across the shell, every remote and every plugin remote.
// Each app provides/consumes only the entries it lists in its own package.json dependencies, so an app
// that imports a singleton must depend on it (the pnpm catalog keeps the versions identical).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Packages shared as singletons, with the subpaths that must resolve to the same instance. */
export const SINGLETONS = {
  react: ['react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom/client'],
  'react-router': [],
  'react-router-dom': [],
  '@tanstack/react-query': [],
  jotai: ['jotai/react', 'jotai/vanilla', 'jotai/utils', 'jotai/react/utils', 'jotai/vanilla/utils'],
  i18next: [],
  'react-i18next': [],
  // Workspace packages: their subpath entry points come from their package.json "exports" map.
  '@agora/shared-api': 'exports',
  '@agora/shared-ui': 'exports',
};

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function packageJsonOf(pkgName, appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  // Resolve the entry, then walk up to the package root: not every package exports ./package.json.
  let dir = path.dirname(require.resolve(pkgName));
  for (;;) {
    try {
      const json = readJson(path.join(dir, 'package.json'));
      if (json.name === pkgName) return json;
    } catch {
      /* keep walking */
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${pkgName} not found from ${appDir}`);
    dir = parent;
  }
}

function workspaceSubpaths(pkgJson) {
  return (
    Object.keys(pkgJson.exports ?? {})
      // './testing' is for unit tests only: never shared, never built into a remote.
      .filter(
        (key) =>
          key !== '.' && key !== './package.json' && key !== './testing' && !key.includes('*') && !key.endsWith('.css'),
      )
      .map((key) => `${pkgJson.name}/${key.slice(2)}`)
  );
}

/**
 * Builds the Module Federation `shared` object for one app.
 * @param {string} appDir absolute directory of the app (holds its package.json)
 * @param {{ omit?: string[] }} [options] `omit` drops entries (used only by the e2e control build)
 */
export function sharedFor(appDir, { omit = [] } = {}) {
  const pkg = readJson(path.join(appDir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
  const shared = {};
  for (const [name, subpaths] of Object.entries(SINGLETONS)) {
    if (!(name in deps) || omit.includes(name)) continue;
    const pkgJson = packageJsonOf(name, appDir);
    const entry = {
      singleton: true,
      requiredVersion: `^${pkgJson.version}`,
      strictVersion: false,
      version: pkgJson.version,
    };
    shared[name] = entry;
    const extra = subpaths === 'exports' ? workspaceSubpaths(pkgJson) : subpaths;
    for (const sub of extra) shared[sub] = { ...entry };
  }
  return shared;
}
