import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configValue } from '../../src/modules/config/service';
import { readSiteInfo } from '../../src/modules/site-info/store';
import { autoInstallFromEnv, installInputFromEnv } from '../../src/modules/install/env';
import { InstallError } from '../../src/modules/install/errors';
import { installSite, isSiteInstalled } from '../../src/modules/install/install';
import { testDatabases } from '../db/databases';
import { ADMIN, BASE_INFO, installedSite, tempDir, type InstalledSite } from './helpers';

const { available } = await testDatabases();
// Database servers, child processes and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe.each(available)('install on $label', (target) => {
  let site: InstalledSite;

  beforeAll(async () => {
    site = await installedSite(target);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('seeds the settings groups as Answer does', async () => {
    const { db } = site.database;
    expect(site.result.status).toBe('installed');
    expect(await isSiteInstalled(db)).toBe(true);
    expect(await readSiteInfo(db, 'general')).toMatchObject({
      name: 'Agora Test',
      site_url: 'https://qa.example.com',
      contact_email: 'contact@example.com',
    });
    expect(await readSiteInfo(db, 'interface')).toMatchObject({ language: 'en_US', time_zone: 'UTC' });
    expect(await readSiteInfo(db, 'login')).toMatchObject({
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: false,
    });
    expect(await readSiteInfo(db, 'users')).toMatchObject({ default_avatar: 'system', allow_update_username: true });
    expect(await readSiteInfo(db, 'theme')).toMatchObject({
      theme: 'default',
      theme_config: { default: { primary_color: '#0033FF' } },
    });
    expect(await readSiteInfo(db, 'seo')).toMatchObject({ permalink: 2 });
    expect(await readSiteInfo(db, 'privileges')).toEqual({ level: 2 });
  });

  it('applies privilege level 2 and keeps Answer config ids', async () => {
    const { db } = site.database;
    expect(await configValue(db, 'rank.question.vote_up')).toBe('8');
    expect(await configValue(db, 'rank.tag.add')).toBe('750');
    expect(await configValue(db, 'rank.link.url_limit')).toBe('10');
    expect(await configValue(db, 'rank.question.close')).toBe('-1');
    const accepted = await db
      .selectFrom('config')
      .selectAll()
      .where('key', '=', 'answer.accepted')
      .executeTakeFirstOrThrow();
    expect(accepted).toEqual({ id: 1, key: 'answer.accepted', value: '15' });
    const asked = await db
      .selectFrom('config')
      .select('id')
      .where('key', '=', 'question.asked')
      .executeTakeFirstOrThrow();
    expect(asked.id).toBe(87);
  });

  it('creates the admin: id 1, role 2, activated, argon2id password', async () => {
    const users = await site.database.db.selectFrom('user').selectAll().execute();
    expect(users).toHaveLength(1);
    const admin = users[0]!;
    expect(admin).toMatchObject({
      id: 1,
      username: 'ada-admin',
      display_name: 'Ada Admin',
      e_mail: ADMIN.email,
      role_id: 2,
      mail_status: 1,
      status: 1,
      rank: 1,
    });
    expect(admin.pass).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(admin.pass).not.toContain(ADMIN.password);
  });

  it('starts the site with one tag, support, created by the admin (as Answer does)', async () => {
    const tags = await site.database.db.selectFrom('tag').select(['slug_name', 'user_id', 'status']).execute();
    expect(tags).toEqual([{ slug_name: 'support', user_id: 1, status: 1 }]);
  });

  it('writes the config file (0600) with the database and the install time', () => {
    if (site.result.status !== 'installed') throw new Error('not installed');
    const file = site.result.configFile;
    expect(file).toBe(path.join(site.dataDir, 'config.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(json.database).toEqual(site.fresh.config);
    expect(Date.parse(json.installed_at)).not.toBeNaN();
  });

  it('refuses to install twice: a no-op that changes nothing', async () => {
    const again = await installSite({
      dataDir: site.dataDir,
      database: site.fresh.config,
      baseInfo: { ...BASE_INFO, email: 'other@example.com', site_name: 'Other' },
    });
    expect(again.status).toBe('already-installed');
    if (again.status === 'already-installed') expect(again.message).toMatch(/already installed/);
    expect(await site.database.db.selectFrom('user').select('e_mail').execute()).toEqual([{ e_mail: ADMIN.email }]);
    expect(await readSiteInfo(site.database.db, 'general')).toMatchObject({ name: 'Agora Test' });
  });

  it('refuses a database that already holds a site, even with a new data directory', async () => {
    const other = tempDir('agora-install-other-');
    try {
      const attempt = installSite({ dataDir: other.dir, database: site.fresh.config, baseInfo: BASE_INFO });
      await expect(attempt).rejects.toMatchObject({ code: 'database_already_installed' });
      await expect(attempt).rejects.toThrow(/already holds an installed site/);
    } finally {
      other.remove();
    }
  });

  it('installs from the environment with Answer variable names', async () => {
    const fresh = await target.fresh();
    const data = tempDir('agora-env-install-');
    try {
      const config = fresh.config;
      const dbVars =
        config.type === 'sqlite3'
          ? { DB_TYPE: 'sqlite3', DB_FILE: 'site.db' }
          : {
              DB_TYPE: config.type,
              DB_HOST: `${config.host}:${config.port}`,
              DB_USERNAME: config.user,
              DB_PASSWORD: config.password,
              DB_NAME: config.name,
            };
      if (config.type === 'postgres' && config.schema) return; // env variables have no schema
      const env = {
        AUTO_INSTALL: 'true',
        ...dbVars,
        LANGUAGE: 'zh_CN',
        SITE_NAME: 'Env Site',
        SITE_URL: 'http://localhost:9080',
        CONTACT_EMAIL: 'c@example.com',
        ADMIN_NAME: 'root admin',
        ADMIN_PASSWORD: 'password-123',
        ADMIN_EMAIL: 'root@example.com',
      };
      const result = await autoInstallFromEnv(env, { dataDir: data.dir });
      expect(result.status).toBe('installed');
      if (result.status !== 'installed') return;
      if (config.type === 'sqlite3')
        expect(result.database).toEqual({ type: 'sqlite3', file: path.join(data.dir, 'site.db') });
      else
        expect(result.database).toMatchObject({
          type: config.type,
          host: config.host,
          port: config.port,
          name: config.name,
        });

      // Restarted container: variables may be gone (here: no ADMIN_PASSWORD), nothing happens.
      const { ADMIN_PASSWORD: _gone, ...rest } = env;
      const again = await autoInstallFromEnv(rest, { dataDir: data.dir });
      expect(again.status).toBe('already-installed');
    } finally {
      data.remove();
      await fresh.drop();
    }
  });
});

describe('unattended install variables', () => {
  it('does nothing unless AUTO_INSTALL is true', async () => {
    const data = tempDir('agora-env-skip-');
    try {
      expect(await autoInstallFromEnv({ SITE_NAME: 'x' }, { dataDir: data.dir })).toEqual({ status: 'skipped' });
      expect(await autoInstallFromEnv({ AUTO_INSTALL: 'false' }, { dataDir: data.dir })).toEqual({ status: 'skipped' });
    } finally {
      data.remove();
    }
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      installInputFromEnv(
        {
          DB_TYPE: 'postgres',
          DB_HOST: 'db:99999',
          LANGUAGE: 'xx_XX',
          SITE_URL: 'ftp://example.com',
          CONTACT_EMAIL: 'not-an-email',
          ADMIN_NAME: 'a',
          ADMIN_PASSWORD: 'short',
        },
        '/tmp',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InstallError);
    const fields = (error as InstallError).fields.map((f) => f.field).sort();
    expect(fields).toEqual(
      [
        'ADMIN_EMAIL',
        'ADMIN_NAME',
        'ADMIN_PASSWORD',
        'CONTACT_EMAIL',
        'DB_HOST',
        'DB_NAME',
        'DB_USERNAME',
        'LANGUAGE',
        'SITE_NAME',
        'SITE_URL',
      ].sort(),
    );
    expect((error as InstallError).message).toContain('DB_HOST must be host or host:port (got "db:99999")');
    expect(() => installInputFromEnv({ DB_TYPE: 'oracle' }, '/tmp')).toThrow(
      /DB_TYPE must be sqlite3, postgres or mysql/,
    );
  });

  it('defaults to SQLite in the data directory and en_US', () => {
    const { database, baseInfo } = installInputFromEnv(
      {
        SITE_NAME: 'S',
        SITE_URL: 'https://s.example',
        CONTACT_EMAIL: 'c@s.example',
        ADMIN_NAME: 'admin',
        ADMIN_PASSWORD: '12345678',
        ADMIN_EMAIL: 'a@s.example',
      },
      '/srv/agora',
    );
    expect(database).toEqual({ type: 'sqlite3', file: '/srv/agora/agora.sqlite3' });
    expect(baseInfo.lang).toBe('en_US');
    expect(
      installInputFromEnv(
        {
          DB_TYPE: 'mysql',
          DB_HOST: 'db.internal',
          DB_USERNAME: 'u',
          DB_NAME: 'n',
          SITE_NAME: 'S',
          SITE_URL: 'https://s.example',
          CONTACT_EMAIL: 'c@s.example',
          ADMIN_NAME: 'admin',
          ADMIN_PASSWORD: '12345678',
          ADMIN_EMAIL: 'a@s.example',
        },
        '/srv/agora',
      ).database,
    ).toEqual({ type: 'mysql', host: 'db.internal', port: 3306, user: 'u', password: '', name: 'n' });
  });

  it('keeps the other keys of an existing config file', async () => {
    const data = tempDir('agora-env-keep-');
    try {
      const file = path.join(data.dir, 'config.json');
      writeFileSync(file, JSON.stringify({ port: 9090, plugins: [] }));
      await installSite({ dataDir: data.dir, database: { type: 'sqlite3', file: 'x.db' }, baseInfo: BASE_INFO });
      const json = JSON.parse(readFileSync(file, 'utf8'));
      expect(json).toMatchObject({
        port: 9090,
        plugins: [],
        database: { type: 'sqlite3', file: path.join(data.dir, 'x.db') },
      });
    } finally {
      data.remove();
    }
  });
});
