// The root typecheck checks the browser packages in one program (tsconfig.front.json): the shared
// packages and the type libraries (React, antd) are read once instead of once per package. That is only
// the same check as each package's own `tsc -p` while every browser package's tsconfig is the base with
// nothing but type libraries added, and the merged program includes everything each one includes.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const front = readJson('tsconfig.front.json');
/** The packages that run in the browser: the shell, the remotes and the two shared packages. */
const browserPackages = readdirSync(root).filter(
  (dir) => /^(shell|mf-.+|shared-ui|shared-api)$/.test(dir) && existsSync(path.join(root, dir, 'tsconfig.json')),
);
/** Whether the merged program's include (with `mf-*` wildcards) covers `entry`. */
const covered = (entry) =>
  front.include.some((pattern) =>
    new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(entry),
  );

test('every browser package is the base config plus type libraries, and the merged program includes it', () => {
  assert.ok(browserPackages.length >= 8, `browser packages found: ${browserPackages.join(', ')}`);
  for (const dir of browserPackages) {
    const own = readJson(`${dir}/tsconfig.json`);
    assert.equal(own.extends, '../tsconfig.base.json', `${dir}/tsconfig.json extends the base`);
    assert.deepEqual(
      Object.keys(own.compilerOptions ?? {}).filter((k) => k !== 'types'),
      [],
      `${dir}: only types`,
    );
    for (const lib of own.compilerOptions?.types ?? []) {
      assert.ok(lib === 'node' || front.compilerOptions.types.includes(lib), `${dir}: type library ${lib}`);
    }
    for (const entry of own.include) assert.ok(covered(`${dir}/${entry}`), `${dir}/${entry} is in tsconfig.front.json`);
  }
});

test('the root typecheck runs the merged program and the Node packages on their own', () => {
  const script = readJson('package.json').scripts.typecheck;
  assert.match(script, /tsc -p tsconfig\.front\.json/);
  for (const name of ['@agora/server', '@agora/e2e']) assert.ok(script.includes(name), `typecheck covers ${name}`);
});
