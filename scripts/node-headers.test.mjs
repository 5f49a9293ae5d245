// Native modules are built against the running Node's own headers, never another version's: a
// distribution's headers in /usr/include/node (Node 20) compiled better-sqlite3 for a Node 24 that then
// refused to load it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { headersVersion, nodedirFor, useMatchingHeaders } from './node-headers.mjs';

const scratch = mkdtempSync(path.join(tmpdir(), 'agora-node-headers-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A Node installation prefix (bin/node, include/node) whose headers say `version`. */
function installation(name, version) {
  const dir = path.join(scratch, name);
  const [major, minor, patch] = version.split('.');
  mkdirSync(path.join(dir, 'include', 'node'), { recursive: true });
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  writeFileSync(path.join(dir, 'bin', 'node'), '');
  writeFileSync(path.join(dir, 'include', 'node', 'common.gypi'), '{}\n');
  writeFileSync(
    path.join(dir, 'include', 'node', 'node_version.h'),
    `#define NODE_MAJOR_VERSION ${major}\n#define NODE_MINOR_VERSION ${minor}\n#define NODE_PATCH_VERSION ${patch}\n`,
  );
  return dir;
}

// Versions no real installation on the machine has, so /usr and /usr/local never match by chance.
const node24 = installation('node-24', '924.22.3');
const node20 = installation('node-20', '920.20.2');
const run24 = { execPath: path.join(node24, 'bin', 'node'), version: 'v924.22.3' };

describe('the headers native modules are built against', () => {
  test('reads the version of an installation, none where there are no headers', () => {
    assert.equal(headersVersion(node24), '924.22.3');
    assert.equal(headersVersion(path.join(scratch, 'nothing')), null);
  });

  test("the running Node's own installation, not a nodedir of another version", () => {
    assert.equal(nodedirFor({ requested: node20, ...run24 }), node24);
    assert.equal(nodedirFor({ requested: undefined, ...run24 }), node24);
  });

  test("a nodedir the user set is kept when its headers are the running Node's", () => {
    const copy = installation('copy-24', '924.22.3');
    const env = { npm_config_nodedir: copy };
    assert.equal(useMatchingHeaders(env, run24), null);
    assert.equal(env.npm_config_nodedir, copy);
  });

  test('a nodedir of another version is set aside, and the run says so', () => {
    const env = { npm_config_nodedir: node20 };
    const note = useMatchingHeaders(env, run24);
    assert.equal(env.npm_config_nodedir, node24);
    assert.match(note, /holds Node 920\.20\.2 headers, not v924\.22\.3's: using /);
  });

  test('no headers of the running version anywhere: node-gyp is left to use its own', () => {
    const env = { npm_config_nodedir: node20 };
    useMatchingHeaders(env, { execPath: path.join(scratch, 'elsewhere', 'bin', 'node'), version: 'v924.0.0' });
    assert.equal('npm_config_nodedir' in env, false);
  });
});
