import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PORT, loadConfig } from '../src/config';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A data directory holding `config.json` with the given content. */
function dataDirWith(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-config-'));
  dirs.push(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'config.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the defaults when there is no config file', () => {
    const config = loadConfig({ AGORA_DATA_DIR: '/nonexistent-agora' });
    expect(config.port).toBe(DEFAULT_PORT);
    expect(config.port).toBe(9080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.maintenance).toBe(false);
    expect(config.remotes.map((r) => r.name)).toEqual(['mf_qa', 'mf_users', 'mf_review', 'mf_admin', 'mf_install']);
    expect(config.plugins).toEqual([]);
  });

  it('reads <dataDir>/config.json, resolving directories against it', () => {
    const dir = dataDirWith({
      port: 8000,
      host: '127.0.0.1',
      plugins: [{ slug_name: 'hello', name: 'plugin_hello', module: './Plugin', dir: 'plugins/hello' }],
      site: { general: { name: 'Mine' } },
    });
    const config = loadConfig({ AGORA_DATA_DIR: dir });
    expect(config.port).toBe(8000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.plugins[0]!.dir).toBe(path.join(dir, 'plugins/hello'));
    expect(config.site.general?.name).toBe('Mine');
    expect(config.configFile).toBe(path.join(dir, 'config.json'));
  });

  it('lets the environment win over the file', () => {
    const dir = dataDirWith({ port: 8000, logLevel: 'debug', maintenance: false });
    const config = loadConfig({
      AGORA_DATA_DIR: dir,
      AGORA_PORT: '9999',
      AGORA_HOST: '::1',
      AGORA_LOG_LEVEL: 'warn',
      AGORA_MAINTENANCE: '1',
    });
    expect(config).toMatchObject({ port: 9999, host: '::1', logLevel: 'warn', maintenance: true, dataDir: dir });
  });

  it('reads the file AGORA_CONFIG names', () => {
    const dir = dataDirWith({ port: 7000 });
    const file = path.join(dir, 'other.json');
    writeFileSync(file, JSON.stringify({ port: 7001 }));
    expect(loadConfig({ AGORA_CONFIG: file }).port).toBe(7001);
    expect(errorOf(() => loadConfig({ AGORA_CONFIG: path.join(dir, 'missing.json') }))).toMatch(/does not exist/);
  });

  it.each([
    [{ port: 'eighty' }, /port: must be integer/],
    [{ port: 70000 }, /port:/],
    [{ porte: 80 }, /porte: unknown setting/],
    [{ logLevel: 'loud' }, /logLevel/],
    [{ remotes: [{ name: 'bad-name', dir: 'x' }] }, /remotes\[0\]\.name/],
    [{ remotes: [{ name: 'mf_qa', entry: 'javascript:alert(1)' }] }, /remotes\[0\]\.entry/],
    [{ plugins: [{ slug_name: 'x', name: 'p', module: './P', dir: 'd' }] }, /plugins\[0\]\.slug_name/],
    [{ site: { general: { name: 42 } } }, /site\.general\.name/],
    [{ site: { general: { nmae: 'x' } } }, /site\.general\.nmae: unknown setting/],
    [{ site: { seo: { permalink: 9 } } }, /site\.seo\.permalink/],
    [{ site: { theme: { theme_config: { dark: { navbar_style: 'light' } } } } }, /site\.theme\.theme_config\.dark/],
  ])('names the bad field of %j', (content, message) => {
    const dir = dataDirWith(content);
    const text = errorOf(() => loadConfig({ AGORA_DATA_DIR: dir }));
    expect(text).toMatch(message);
    expect(text).toContain(path.join(dir, 'config.json'));
  });

  it('explains a file that is not JSON', () => {
    expect(errorOf(() => loadConfig({ AGORA_DATA_DIR: dataDirWith('{ port: 1 ') }))).toMatch(
      /Cannot read the config file .*config\.json/,
    );
  });

  it('refuses remotes without a location, and duplicate names', () => {
    expect(errorOf(() => loadConfig({ AGORA_DATA_DIR: dataDirWith({ remotes: [{ name: 'mf_qa' }] }) }))).toMatch(
      /remotes\[0\] needs "dir" or "entry"/,
    );
    expect(
      errorOf(() =>
        loadConfig({
          AGORA_DATA_DIR: dataDirWith({
            remotes: [
              { name: 'mf_qa', dir: 'a' },
              { name: 'mf_qa', dir: 'b' },
            ],
          }),
        }),
      ),
    ).toMatch(/used twice/);
  });

  it.each([
    [{ AGORA_PORT: 'abc' }, /AGORA_PORT/],
    [{ AGORA_PORT: '65536' }, /AGORA_PORT/],
    [{ AGORA_LOG_LEVEL: 'loud' }, /AGORA_LOG_LEVEL/],
  ])('refuses a bad environment value %j', (env, message) => {
    expect(errorOf(() => loadConfig({ AGORA_DATA_DIR: '/nonexistent-agora', ...env }))).toMatch(message);
  });
});
