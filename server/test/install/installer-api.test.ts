import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { configValue } from '../../src/modules/config/service';
import { testDatabases, type FreshDatabase } from '../db/databases';
import { ADMIN, BASE_INFO, dbBody, installConfig, TestHost } from './helpers';

const { available } = await testDatabases();
// Database servers, argon2 and real sockets on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(available)('browser installer on $label', (target) => {
  let fresh: FreshDatabase;
  let server: TestHost;
  const configFile = () => path.join(server.config.dataDir, 'config.json');

  beforeAll(async () => {
    fresh = await target.fresh();
    server = await TestHost.start();
    // The browser installer takes a SQLite file name in the data directory (removed with the host).
    if (fresh.config.type === 'sqlite3')
      fresh = { ...fresh, config: { ...fresh.config, file: path.join(server.config.dataDir, 'site.sqlite3') } };
  });
  afterAll(async () => {
    await server?.destroy();
    await fresh?.drop();
  });

  it('starts in install mode: pages redirect to /install, the installer page and files are served', async () => {
    for (const page of ['/', '/questions', '/users/login', '/admin/general']) {
      const res = await server.get(page);
      expect(res.status, page).toBe(302);
      expect(res.headers.get('location'), page).toBe('/install');
    }
    const install = await server.get('/install');
    expect(install.status).toBe(200);
    expect(install.text).toContain('<div id="root">');
    expect((await server.get('/main.0123abcd.js')).status).toBe(200);
    expect((await server.get('/remotes/mf_install/remoteEntry.js')).status).toBe(200);
    expect((await server.get('/remotes.json')).status).toBe(200);
    expect((await server.get('/healthz')).text).toBe('OK');
  });

  it('answers siteinfo with installed: false and every other API with 503 base.not_installed', async () => {
    const info = await server.get<{ installed?: boolean; general: { name: string } }>('/answer/api/v1/siteinfo');
    expect(info.status).toBe(200);
    expect(info.body.data.installed).toBe(false);
    for (const [method, url] of [
      ['GET', '/answer/api/v1/user/info'],
      ['POST', '/answer/api/v1/user/login/email'],
      ['GET', '/answer/api/v1/language/options'],
      ['GET', '/answer/admin/api/siteinfo/general'],
    ] as const) {
      const res = await server.request(method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(503);
      expect(res.body).toMatchObject({ code: 503, reason: 'base.not_installed', data: null });
      expect(res.body.msg).toMatch(/not installed/);
    }
    const zh = await server.get('/answer/api/v1/user/info', { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('站点尚未安装。请打开 /install 完成安装。');
  });

  it('offers the languages and the server catalogue', async () => {
    const options = await server.get<Array<{ value: string }>>('/installation/language/options');
    expect(options.body.data.map((o) => o.value)).toEqual(['en_US', 'zh_CN']);
    const zh = await server.get<{ error: { install: Record<string, string> } }>(
      '/installation/language/config?lang=zh_CN',
    );
    expect(zh.body.data.error.install.already_installed).toMatch(/已经安装/);
  });

  it('config-file/check: nothing recorded yet', async () => {
    const res = await server.post('/installation/config-file/check');
    expect(res.body.data).toEqual({ config_file_exist: false, db_connection_success: false, db_table_exist: false });
  });

  it('db/check succeeds on the database and writes nothing', async () => {
    const res = await server.post('/installation/db/check', dbBody(fresh.config));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, reason: 'base.success', data: { connection_success: true } });
    expect(existsSync(configFile())).toBe(false);
    if (fresh.config.type === 'sqlite3') expect(existsSync(fresh.config.file)).toBe(false);
  });

  if (target.type === 'sqlite3') {
    it('db/check refuses a file that cannot be created, as an alert', async () => {
      // A folder where the file should be.
      mkdirSync(path.join(server.config.dataDir, 'taken.sqlite3'));
      const res = await server.post('/installation/db/check', { db_type: 'sqlite3', db_file: 'taken.sqlite3' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reason: 'error.database.connection_failed', data: { err_type: 'alert' } });
      expect(res.body.msg).toBe('Cannot connect to the database: the database file cannot be created or opened there.');
    });
  } else {
    // An unknown account with a wrong password: refused even where the local server trusts loopback logins.
    const wrongLogin = { db_username: 'agora_no_such_user', db_password: 'Wr0ng-Secret-Passw0rd' };

    it('db/check with a wrong user name and password: 400 alert naming the cause, never the password', async () => {
      const wrong = wrongLogin.db_password;
      const res = await server.post('/installation/db/check', { ...dbBody(fresh.config), ...wrongLogin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 400,
        reason: 'error.database.connection_failed',
        data: { err_type: 'alert' },
      });
      expect(res.body.msg).toBe('Cannot connect to the database: the database refused the user name or password.');
      expect(res.text).not.toContain(wrong);
      const zh = await server.post(
        '/installation/db/check',
        { ...dbBody(fresh.config), ...wrongLogin },
        { lang: 'zh-CN' },
      );
      expect(zh.body.msg).toBe('无法连接数据库：数据库拒绝了该用户名或密码。');
    });

    it('db/check on a port where nothing listens: the server is unreachable', async () => {
      const res = await server.post('/installation/db/check', { ...dbBody(fresh.config), db_host: '127.0.0.1:1' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Cannot connect to the database: no database server answered at that host and port.');
    });

    it('db/check without host, user or database name: field errors', async () => {
      const res = await server.post<Array<{ error_field: string }>>('/installation/db/check', {
        db_type: fresh.config.type,
        db_host: 'bad host name',
      });
      expect(res.status).toBe(400);
      expect(res.body.data.map((e) => e.error_field).sort()).toEqual(['db_host', 'db_name', 'db_username']);
    });
  }

  it('base-info before init: the database must be chosen first', async () => {
    const res = await server.post('/installation/base-info', BASE_INFO);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'error.install.database_not_chosen', data: { err_type: 'alert' } });
  });

  it('init prepares the database and records it in the config file, without installed_at', async () => {
    const res = await server.post('/installation/init', dbBody(fresh.config));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toBeNull();
    const json = JSON.parse(readFileSync(configFile(), 'utf8'));
    expect(json.database).toMatchObject({ type: fresh.config.type });
    expect(json.installed_at).toBeUndefined();
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const check = await server.post('/installation/config-file/check');
    expect(check.body.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: false });
  });

  it('survives a restart between init and base-info', async () => {
    await server.close();
    server = await TestHost.start(server.config);
    expect((await server.get('/')).status).toBe(302);
    const check = await server.post('/installation/config-file/check');
    expect(check.body.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: false });
  });

  it('base-info reports each bad field, translated', async () => {
    const bad = {
      lang: 'xx_XX',
      site_name: '   ',
      site_url: 'ftp://files.example.org',
      contact_email: 'not-an-address',
      name: 'x!',
      password: 'short',
      email: 'also wrong',
    };
    const res = await server.post<Array<{ error_field: string; error_msg: string }>>('/installation/base-info', bad);
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('base.request_format_error');
    const byField = Object.fromEntries(res.body.data.map((e) => [e.error_field, e.error_msg]));
    expect(byField).toEqual({
      lang: 'Choose one of the offered languages: en_US, zh_CN.',
      site_name: 'This field is required.',
      site_url: 'Enter a web address that starts with http:// or https://, such as https://example.com.',
      contact_email: 'Must be a valid email address.',
      name: 'Use 2 to 30 characters: letters a-z, digits, spaces, periods, hyphens or underscores.',
      password: 'The password must be 8 to 32 characters long.',
      email: 'Must be a valid email address.',
    });

    const missing = await server.post<Array<{ error_field: string; error_msg: string }>>(
      '/installation/base-info',
      { ...BASE_INFO, site_name: undefined, password: 12345678 },
      { lang: 'zh-CN' },
    );
    expect(missing.body.data).toEqual(
      expect.arrayContaining([
        { error_field: 'site_name', error_msg: '此项为必填项。' },
        { error_field: 'password', error_msg: expect.any(String) },
      ]),
    );
    // Nothing was installed.
    expect((await server.get('/')).status).toBe(302);
  });

  it('base-info refuses line breaks and control characters in the one-line fields', async () => {
    const oneLine = 'Must be a single line: line breaks, tabs and other control characters are not allowed.';
    const res = await server.post<Array<{ error_field: string; error_msg: string }>>('/installation/base-info', {
      ...BASE_INFO,
      site_name: 'Agora\r\nTest',
      site_url: 'https://qa.exa\nmple.com',
      contact_email: 'contact@example.com\r\nBcc: x@example.com',
      name: 'Ada\tAdmin',
      email: 'ada@example.com\u0000',
    });
    expect(res.status).toBe(400);
    expect(Object.fromEntries(res.body.data.map((e) => [e.error_field, e.error_msg]))).toEqual({
      site_name: oneLine,
      site_url: oneLine,
      contact_email: oneLine,
      name: oneLine,
      email: oneLine,
    });
    const zh = await server.post<Array<{ error_field: string; error_msg: string }>>(
      '/installation/base-info',
      { ...BASE_INFO, site_name: 'Agora\u2028Test' },
      { lang: 'zh-CN' },
    );
    expect(zh.body.data).toEqual([
      { error_field: 'site_name', error_msg: '只能是一行文字：不能包含换行符、制表符或其他控制字符。' },
    ]);
    expect((await server.get('/')).status).toBe(302);
  });

  it('refuses bodies over 64 KB', async () => {
    const res = await server.post('/installation/base-info', { ...BASE_INFO, site_name: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.reason).toBe('base.request_too_large');
  });

  it('base-info installs the site and the same running server serves it at once', async () => {
    // Requests keep arriving while the server switches: every one of them gets an answer.
    let polling = true;
    const statuses: number[] = [];
    const poll = (async () => {
      while (polling) statuses.push((await server.get('/answer/api/v1/siteinfo')).status);
    })();
    const res = await server.post('/installation/base-info', BASE_INFO);
    polling = false;
    await poll;
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ code: 200, reason: 'base.success', data: null });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const info = await server.get<{ installed?: boolean; general: { name: string; site_url: string } }>(
      '/answer/api/v1/siteinfo',
    );
    expect(info.body.data.general).toMatchObject({ name: 'Installed Agora', site_url: 'https://agora.example.org' });
    expect(info.body.data).not.toHaveProperty('installed');
    expect(server.host.installed).toBe(true);

    const home = await server.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<div id="root">');
    const json = JSON.parse(readFileSync(configFile(), 'utf8'));
    expect(Date.parse(json.installed_at)).not.toBeNaN();
  });

  it('the admin can log in, and the seeded reasons are served translated', async () => {
    const login = await server.post<{ access_token: string; role_id: number; username: string }>(
      '/answer/api/v1/user/login/email',
      { e_mail: ADMIN.email, pass: ADMIN.password },
    );
    expect(login.status, login.text).toBe(200);
    expect(login.body.data).toMatchObject({ role_id: 2, username: 'grace-admin' });
    const token = login.body.data.access_token;

    const me = await server.get<{ e_mail: string }>('/answer/api/v1/user/info', { token });
    expect(me.body.data.e_mail).toBe(ADMIN.email);

    const flags = await server.get<Array<Record<string, unknown>>>(
      '/answer/api/v1/reasons?object_type=question&action=flag',
      { token },
    );
    expect(flags.status).toBe(200);
    expect(flags.body.data.map((r) => [r.reason_key, r.reason_type, r.content_type])).toEqual([
      ['reason.spam', 57, ''],
      ['reason.rude_or_abusive', 58, ''],
      ['reason.something', 59, 'textarea'],
      ['reason.a_duplicate', 60, 'text'],
    ]);
    expect(flags.body.data[3]).toMatchObject({ name: 'Duplicate', placeholder: 'Link to the earlier question' });
    const close = await server.get<Array<{ reason_key: string; name: string }>>(
      '/answer/api/v1/reasons?object_type=question&action=close',
      { token, lang: 'zh-CN' },
    );
    expect(close.body.data.map((r) => r.reason_key)).toEqual([
      'reason.a_duplicate',
      'reason.community_specific',
      'reason.not_clarity',
      'reason.something',
    ]);
    expect(close.body.data[0]!.name).toBe('重复');
    expect((await server.get('/answer/api/v1/reasons?object_type=question&action=flag')).status).toBe(401);
  });

  it('seeded the reason rows into config with their Answer ids', async () => {
    const database = await createDatabase(fresh.config);
    try {
      expect(JSON.parse((await configValue(database.db, 'answer.flag.reasons')) ?? 'null')).toEqual([
        'reason.spam',
        'reason.rude_or_abusive',
        'reason.something',
        'reason.not_a_answer',
      ]);
      const row = await database.db
        .selectFrom('config')
        .selectAll()
        .where('key', '=', 'reason.not_clarity')
        .executeTakeFirst();
      expect(row?.id).toBe(64);
      expect(JSON.parse(row!.value)).toMatchObject({ content_type: 'text', name: 'Needs details or focus' });
      const count = await database.db
        .selectFrom('config')
        .select('id')
        .where('id', '>=', 57)
        .where('id', '<=', 86)
        .execute();
      expect(count).toHaveLength(30);
    } finally {
      await database.close();
    }
  });

  it('closes the installer: every /installation route answers 404', async () => {
    for (const [method, url] of [
      ['GET', '/installation/language/options'],
      ['POST', '/installation/config-file/check'],
      ['POST', '/installation/db/check'],
      ['POST', '/installation/init'],
      ['POST', '/installation/base-info'],
    ] as const) {
      const res = await server.request(method, url, { body: method === 'POST' ? BASE_INFO : undefined });
      expect(res.status, url).toBe(404);
      expect(res.body.reason).toBe('base.not_found');
    }
  });

  it('refuses to install a second site into a database that holds one', async () => {
    const second = await TestHost.start(installConfig());
    try {
      // SQLite: the same file, under the name the form gives, in the second site's data directory.
      if (fresh.config.type === 'sqlite3')
        symlinkSync(fresh.config.file, path.join(second.config.dataDir, path.basename(fresh.config.file)));
      const check = await second.post('/installation/db/check', dbBody(fresh.config));
      expect(check.status).toBe(200);
      const init = await second.post('/installation/init', dbBody(fresh.config));
      expect(init.status).toBe(400);
      expect(init.body).toMatchObject({ reason: 'error.install.already_installed', data: { err_type: 'alert' } });
      expect(init.body.msg).toMatch(/already holds an installed site.*clear its old tables/i);

      // Even with the database written into the config file by hand, base-info refuses.
      const file = path.join(second.config.dataDir, 'config.json');
      writeFileSync(file, JSON.stringify({ database: fresh.config }));
      const check2 = await second.post('/installation/config-file/check');
      expect(check2.body.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: true });
      const base = await second.post('/installation/base-info', { ...BASE_INFO, email: 'intruder@example.org' });
      expect(base.status).toBe(400);
      expect(base.body.reason).toBe('error.install.already_installed');
      expect(second.host.installed).toBe(false);
    } finally {
      await second.destroy();
    }
  });
});
