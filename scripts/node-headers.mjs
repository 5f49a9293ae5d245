// Which Node headers native modules (better-sqlite3) are compiled against. A module built against other
// headers than those of the Node that loads it is refused at start-up ("compiled against a different
// Node.js version"), so only headers of exactly the running version will do: those of the user's own
// npm_config_nodedir, of the running Node's installation (a Node from a version manager, the Node 24
// package of the npm registry, a distribution's package), or of the distribution's usual folders.
// With none of them matching, node-gyp is left to use its own copy for the running Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The version of the headers in `<dir>/include/node` ("24.22.3"), or null when there are none. */
export function headersVersion(dir) {
  const file = path.join(dir, 'include', 'node', 'node_version.h');
  if (!existsSync(file) || !existsSync(path.join(dir, 'include', 'node', 'common.gypi'))) return null;
  const text = readFileSync(file, 'utf8');
  const part = (name) => text.match(new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`))?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

/**
 * The nodedir for the Node running this script (`version` is process.version, `execPath` its binary), or
 * undefined when no candidate holds headers of that version.
 */
export function nodedirFor({ requested, execPath, version }) {
  const wanted = version.replace(/^v/, '');
  const candidates = [requested, path.resolve(path.dirname(execPath), '..'), '/usr', '/usr/local'];
  return candidates.find((dir) => dir && headersVersion(dir) === wanted);
}

/**
 * Sets or clears `env.npm_config_nodedir` for the running Node and returns a line to print when the
 * user's own setting was set aside (null otherwise). pnpm reads the nodedir from the environment only.
 */
export function useMatchingHeaders(env, { execPath = process.execPath, version = process.version } = {}) {
  const requested = env.npm_config_nodedir;
  const nodedir = nodedirFor({ requested, execPath, version });
  if (nodedir) env.npm_config_nodedir = nodedir;
  else delete env.npm_config_nodedir;
  if (requested && nodedir !== requested) {
    const found = headersVersion(requested);
    return `npm_config_nodedir=${requested} holds ${found ? `Node ${found} headers` : 'no Node headers'}, not ${version}'s: ${
      nodedir ? `using ${nodedir}` : "node-gyp uses the running Node's own"
    }`;
  }
  return null;
}

/** Why better-sqlite3 does not load in `serverDir` on the running Node (the telling line of its error), or null. */
export function nativeModuleError(serverDir, execPath = process.execPath) {
  const probe = "const Database = require('better-sqlite3'); new Database(':memory:').close();";
  const result = spawnSync(execPath, ['-e', probe], { cwd: serverDir, encoding: 'utf8' });
  if (result.status === 0) return null;
  const output = `${result.stderr ?? ''}${result.error?.message ?? ''}`;
  const abi = output.match(/NODE_MODULE_VERSION \d+\.\s+This version of Node\.js requires\s+NODE_MODULE_VERSION \d+/);
  if (abi) return `built for ${abi[0].replace(/\s+/g, ' ')}`;
  return (
    output
      .split('\n')
      .find((line) => /Error/.test(line))
      ?.trim() ?? `exit ${result.status}`
  );
}
