// The lint rules hold what docs/architecture.md says, for the code as it is on disk today: every feature
// folder of every remote is a zone no other feature imports, and no server module imports another module's
// repository, whatever the repository file is named. Run by `pnpm lint` (node --test).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// What a remote's src/ holds besides features: shared code, the test kit, and what composes the features.
const NOT_FEATURES = ['api', 'common', 'expose', 'i18n', 'routes', 'test'];

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const remotes = folders(root).filter((name) => name.startsWith('mf-'));
const featuresOf = (remote) => folders(path.join(root, remote, 'src')).filter((f) => !NOT_FEATURES.includes(f));

const eslint = new ESLint({ cwd: root });
/** The messages of no-restricted-imports for one import line in a (not existing) file of the repository. */
async function restricted(file, specifier) {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: path.join(root, file),
  });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('browser feature zones', () => {
  for (const remote of remotes) {
    const features = featuresOf(remote);
    for (const feature of features) {
      const other = features.find((f) => f !== feature);
      if (!other) continue;
      test(`${remote}: ${feature} may not import ${other}, may import common/`, async () => {
        const from = `${remote}/src/${feature}/probe.tsx`;
        const [message] = await restricted(from, `../${other}/anything`);
        assert.match(
          message ?? 'allowed',
          new RegExp(`A feature never imports another feature \\(${feature} -> ${other}\\)`),
        );
        assert.deepEqual(await restricted(`${remote}/src/${feature}/deeper/probe.tsx`, `../../${other}`), [
          message.replace(/^'[^']+'/, `'../../${other}'`),
        ]);
        assert.deepEqual(await restricted(from, '../common/anything'), []);
      });
    }
  }

  test('the features read from disk include those a hand-kept list missed', () => {
    assert.ok(featuresOf('mf-qa').includes('timeline'));
    assert.ok(featuresOf('mf-users').includes('notifications'));
    assert.ok(featuresOf('mf-admin').includes('settings'));
  });

  test('what composes the features imports them; the question page mounts the comments area', async () => {
    assert.deepEqual(await restricted('mf-qa/src/expose/probe.tsx', '../timeline/timeline-screen'), []);
    assert.deepEqual(await restricted('mf-qa/src/detail/probe.tsx', '../comments'), []);
    assert.equal((await restricted('mf-qa/src/detail/probe.tsx', '../comments/comment-form')).length, 1);
  });
});

describe("server: a module never imports another module's repository", () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'agora-import-rules-'));
  after(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };

  test('repository.ts and *-repository.ts of another module are refused; its service and its own are not', () => {
    write('server/src/modules/b/repository.ts', 'export const rows = 1;\n');
    write('server/src/modules/b/post-repository.ts', 'export const posts = 1;\n');
    write('server/src/modules/b/service.ts', "import { rows } from './repository';\nexport const read = () => rows;\n");
    write('server/src/modules/a/read-repository.ts', 'export const own = 1;\n');
    write(
      'server/src/modules/a/service.ts',
      [
        "import { own } from './read-repository';",
        "import { rows } from '../b/repository';",
        "import { posts } from '../b/post-repository';",
        "import { read } from '../b/service';",
        'export const all = [own, rows, posts, read];',
        '',
      ].join('\n'),
    );
    const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const run = spawnSync(
      process.execPath,
      [bin, 'server/src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'],
      { cwd: fixture, encoding: 'utf8' },
    );
    const violations = run.stdout
      .split('\n')
      .filter((line) => line.includes('error '))
      .map((line) => line.trim())
      .sort();
    assert.deepEqual(violations, [
      'error no-foreign-repository: server/src/modules/a/service.ts → server/src/modules/b/post-repository.ts',
      'error no-foreign-repository: server/src/modules/a/service.ts → server/src/modules/b/repository.ts',
    ]);
  });
});
