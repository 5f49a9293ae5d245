import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultConfig, type ServerConfig } from '../../src/config';

/**
 * Clean-ups of what the harness creates (temporary directories, apps), run by test/support/cleanup.ts, the
 * suite's set-up file (re-run before every file, so its hooks attach to every file even where files share
 * their worker's modules): what a test registers goes after that test, what a file's beforeAll registers
 * after the file's last test.
 */
const cleanups = { test: [] as Array<() => Promise<void> | void>, file: [] as Array<() => Promise<void> | void> };
let inTest = false;

/** Set by the set-up file around each test. */
export function markInTest(value: boolean): void {
  inTest = value;
}

/** Runs the clean-ups of one scope, last registered first. */
export async function drainCleanups(scope: 'test' | 'file'): Promise<void> {
  const list = cleanups[scope];
  while (list.length) await list.pop()?.();
}

/** Runs `cleanup` after the current test, or after the file's tests when called from a beforeAll. */
export function afterThisTest(cleanup: () => Promise<void> | void): void {
  cleanups[inTest ? 'test' : 'file'].push(cleanup);
}

export const SHELL_INDEX =
  '<!doctype html><html lang="en"><head><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
/** The shell as a page is served: in the site's language (`lang` as BCP 47). */
export const shellIn = (lang: string) => SHELL_INDEX.replace('<html lang="en">', `<html lang="${lang}">`);

/** A built site on disk: a shell, one served remote and one plugin, with every kind of file. */
export function fakeSite(): { root: string; shellDir: string; remoteDir: string; pluginDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'agora-server-test-'));
  afterThisTest(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, content: string | Buffer) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  const bigJs = `console.log(${JSON.stringify('x'.repeat(4000))});\n`.repeat(4);
  write('shell/index.html', SHELL_INDEX);
  write('shell/main.0123abcd.js', bigJs);
  write('shell/main.0123abcd.js.map', '{"version":3}');
  write('shell/77.89abcdef.css', 'body{margin:0}');
  write('shell/mf-manifest.json', '{"id":"shell"}');
  write('shell/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('shell/logo.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4096, 7)]));
  write('shell/.env', 'SECRET=1');
  write('mf-qa/remoteEntry.js', 'var mf_qa = 1;');
  write('mf-qa/mf-manifest.json', '{"id":"mf_qa","version":1}');
  write('mf-qa/123.fedcba98.js', 'chunk();');
  write('mf-qa/123.fedcba98.js.map', '{"version":3}');
  write('mf-qa/locales/en.txt', 'plain');
  write('plugin/remoteEntry.js', 'var plugin_hello = 1;');
  write('plugin/mf-manifest.json', '{"id":"plugin_hello"}');
  return {
    root,
    shellDir: path.join(root, 'shell'),
    remoteDir: path.join(root, 'mf-qa'),
    pluginDir: path.join(root, 'plugin'),
  };
}

/** A config over a fake site: one served remote, one remote elsewhere, one plugin. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const site = fakeSite();
  return {
    ...defaultConfig(),
    dataDir: path.join(site.root, 'data'),
    shellDir: site.shellDir,
    remotes: [
      { name: 'mf_qa', dir: site.remoteDir },
      { name: 'mf_users', entry: 'https://cdn.example.com/users/mf-manifest.json' },
    ],
    plugins: [{ slug_name: 'hello', name: 'plugin_hello', module: './Plugin', label: 'Hello', dir: site.pluginDir }],
    logLevel: 'silent',
    ...overrides,
  };
}
