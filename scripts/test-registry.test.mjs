// Which test files keep a module registry of their own (scripts/test-registry.mjs): those that replace a
// module or a global, found by reading them, wherever they are in the tree.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { testFilesByRegistry } from './test-registry.mjs';

test('files that mock a module or stub a global keep their own registry; the rest share', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-registry-'));
  try {
    const write = (file, text) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('src/a/plain.test.ts', "test('x', () => {});\n");
    write('src/a/mocks.test.tsx', "vi.mock('../b', () => ({}));\n");
    write('src/b/deep/hoisted.test.ts', "vi.doMock('x');\n");
    write('src/b/global.test.ts', "vi.stubGlobal('fetch', f);\n");
    write('src/b/env.test.ts', "vi.stubEnv('A', '1');\n");
    write('src/b/helper.ts', "vi.mock('never-a-test');\n");
    write('src/node_modules/x/y.test.ts', "vi.mock('z');\n");
    const { shared, own } = testFilesByRegistry(dir, 'src');
    assert.deepEqual(shared, ['src/a/plain.test.ts', 'src/b/env.test.ts']);
    assert.deepEqual(own, ['src/a/mocks.test.tsx', 'src/b/deep/hoisted.test.ts', 'src/b/global.test.ts']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
