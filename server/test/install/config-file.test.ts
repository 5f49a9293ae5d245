import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSite } from '../../src/modules/install/install';
import { BASE_INFO, installConfig, TestHost } from './helpers';

vi.setConfig({ testTimeout: 60_000 });

const hosts: TestHost[] = [];
afterEach(async () => {
  while (hosts.length) await hosts.pop()!.destroy();
});

async function start(configFile: (root: string) => string) {
  const config = installConfig();
  const host = await TestHost.start({ ...config, configFile: configFile(config.root) });
  hosts.push(host);
  return host;
}

describe('installer and the config file', () => {
  it('when the config file cannot be written, init answers with the text to write by hand', async () => {
    const server = await start((root) => {
      writeFileSync(path.join(root, 'blocker'), 'a file, not a folder');
      return path.join(root, 'blocker', 'config.json');
    });
    const res = await server.post<Record<string, unknown>>('/installation/init', {
      db_type: 'sqlite3',
      db_file: 'site.sqlite3',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 400,
      reason: 'error.install.create_config_failed',
      data: { success: false, create_config_failed: true, err_type: 'alert' },
    });
    expect(res.body.msg).toMatch(/could not write its configuration file/);
    const written = JSON.parse(res.body.data.default_config as string);
    expect(written).toEqual({
      database: { type: 'sqlite3', file: path.join(server.config.dataDir, 'site.sqlite3') },
    });
    expect(res.body.data.config_file).toBe(path.join(server.config.root!, 'blocker', 'config.json'));

    // base-info cannot record the install either: same answer, and the site stays in install mode.
    const base = await server.post('/installation/base-info', BASE_INFO);
    expect(base.status).toBe(400);
    expect(base.body.reason).toBe('error.install.create_config_failed');
    expect((await server.get('/')).status).toBe(302);
  });

  it('keeps the other settings of an existing config file (one AGORA_CONFIG names)', async () => {
    const server = await start((root) => {
      const file = path.join(root, 'etc', 'agora.json');
      mkdirSync(path.dirname(file));
      writeFileSync(file, JSON.stringify({ logLevel: 'silent', site: { general: { name: 'Pre-set' } } }));
      return file;
    });
    const file = server.config.configFile!;
    const init = await server.post('/installation/init', { db_type: 'sqlite3' });
    expect(init.status, init.text).toBe(200);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(json).toMatchObject({
      logLevel: 'silent',
      site: { general: { name: 'Pre-set' } },
      database: { type: 'sqlite3', file: path.join(server.config.dataDir, 'agora.sqlite3') },
    });
    expect(json.installed_at).toBeUndefined();
    const base = await server.post('/installation/base-info', BASE_INFO);
    expect(base.status, base.text).toBe(200);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      logLevel: 'silent',
      installed_at: expect.any(String),
    });
  });

  it('refuses a SQLite database in memory', async () => {
    const server = await start((root) => path.join(root, 'data', 'config.json'));
    const res = await server.post<Array<{ error_field: string; error_msg: string }>>('/installation/db/check', {
      db_type: 'sqlite3',
      db_file: ':memory:',
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([
      { error_field: 'db_file', error_msg: expect.stringMatching(/^Enter a file name only/) },
    ]);
  });

  it('takes a SQLite file name only, kept in the data directory: no path, no leading dot', async () => {
    const server = await start((root) => path.join(root, 'data', 'config.json'));
    const outside = path.join(server.config.root!, 'outside.sqlite3');
    for (const db_file of [
      outside,
      '/tmp/agora.sqlite3',
      '../agora.sqlite3',
      'sub/agora.sqlite3',
      'sub\\agora.sqlite3',
      '.agora.sqlite3',
      '..',
      'file:agora.sqlite3',
      'agora sqlite3',
      'a'.repeat(256),
    ]) {
      for (const route of ['/installation/db/check', '/installation/init']) {
        const res = await server.post<Array<{ error_field: string; error_msg: string }>>(route, {
          db_type: 'sqlite3',
          db_file,
        });
        expect(res.status, `${route} ${db_file}`).toBe(400);
        expect(res.body.data).toEqual([
          { error_field: 'db_file', error_msg: expect.stringMatching(/^Enter a file name only/) },
        ]);
      }
    }
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(server.config.configFile ?? path.join(server.config.dataDir, 'config.json'))).toBe(false);
    const zh = await server.post<Array<{ error_msg: string }>>(
      '/installation/db/check',
      { db_type: 'sqlite3', db_file: outside },
      { lang: 'zh-CN' },
    );
    expect(zh.body.data[0]!.error_msg).toMatch(/^请只填写文件名/);

    const named = await server.post('/installation/init', { db_type: 'sqlite3', db_file: 'my-site_1.sqlite3' });
    expect(named.status, named.text).toBe(200);
    expect(existsSync(path.join(server.config.dataDir, 'my-site_1.sqlite3'))).toBe(true);
  });

  it('notices a site installed behind its back (agora init) and switches to it', async () => {
    const server = await start((root) => path.join(root, 'data', 'config.json'));
    expect((await server.get('/')).status).toBe(302);
    await installSite({
      dataDir: server.config.dataDir,
      configFile: server.config.configFile,
      database: { type: 'sqlite3', file: 'cli.sqlite3' },
      baseInfo: { ...BASE_INFO, site_name: 'Installed by CLI' },
    });
    const check = await server.post('/installation/config-file/check');
    expect(check.status).toBe(404);
    const info = await server.get<{ general: { name: string } }>('/answer/api/v1/siteinfo');
    expect(info.body.data.general.name).toBe('Installed by CLI');
    expect((await server.get('/')).status).toBe(200);
  });

  it('a database that refuses the site tables: 400 alert, nothing recorded', async () => {
    const server = await start((root) => path.join(root, 'data', 'config.json'));
    const file = path.join(server.config.dataDir, 'foreign.sqlite3');
    const foreign = new Database(file);
    foreign.exec('create table user (nickname text)');
    foreign.close();
    const res = await server.post('/installation/init', { db_type: 'sqlite3', db_file: 'foreign.sqlite3' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'error.database.create_tables_failed', data: { err_type: 'alert' } });
    expect(res.body.msg).toMatch(/could not create the site's tables/);
    expect(existsSync(server.config.configFile!)).toBe(false);
  });
});
