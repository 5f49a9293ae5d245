// Which test files need a module registry of their own. Vitest can run the files of a worker one after
// another in one registry (`isolate: false`): the app's modules (Fastify and every route, or React, antd
// and a remote's screens) are then imported once per worker instead of once per file, which halves the
// wall time of both suites (docs/performance/test-command.md). A file that replaces a module or a global
// (`vi.mock`, `vi.doMock`, `vi.stubGlobal`) would leak its replacement into the files after it, so it
// keeps a registry of its own. The list is read from the files, so a new mock is never missed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal)\(/;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files under `dir/sub` (paths relative to `dir`, with forward slashes), split into those
 * that may share a registry and those that replace modules.
 * @param {string} dir
 * @param {string} sub
 * @returns {{ shared: string[]; own: string[] }}
 */
export function testFilesByRegistry(dir, sub) {
  const shared = [];
  const own = [];
  for (const entry of readdirSync(path.join(dir, sub), { recursive: true, encoding: 'utf8' }).sort()) {
    if (!TEST_FILE.test(entry) || entry.split(path.sep).includes('node_modules')) continue;
    const file = `${sub}/${entry.split(path.sep).join('/')}`;
    (REPLACES_MODULES.test(readFileSync(path.join(dir, file), 'utf8')) ? own : shared).push(file);
  }
  return { shared, own };
}
