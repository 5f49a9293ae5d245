import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFromBody } from '../../src/modules/install/database-input';
import { installInputFromEnv } from '../../src/modules/install/env';
import { BASE_INFO } from './helpers';

const DATA = path.resolve('/srv/agora/data');

describe('the SQLite file of the browser installer', () => {
  it('is a bare file name, kept in the data directory', () => {
    for (const name of ['agora.sqlite3', 'my-site_2.db', 'site', 'a.b.c']) {
      expect(databaseFromBody({ db_type: 'sqlite3', db_file: name }, DATA)).toEqual({
        ok: true,
        database: { type: 'sqlite3', file: path.join(DATA, name) },
      });
    }
    expect(databaseFromBody({ db_type: 'sqlite3' }, DATA)).toMatchObject({
      database: { file: path.join(DATA, 'agora.sqlite3') },
    });
  });

  it('refuses a path, a leading dot and anything that is not a plain name', () => {
    for (const name of [
      '/etc/passwd',
      '/tmp/agora.sqlite3',
      '../agora.sqlite3',
      'data/../../x.db',
      'sub/agora.sqlite3',
      'sub\\agora.sqlite3',
      '.agora',
      '.',
      '..',
      ':memory:',
      'file:agora.db?mode=memory',
      'agora sqlite3',
      'agora\u0000.db',
      'ägora.db',
      'a'.repeat(256),
    ]) {
      expect(databaseFromBody({ db_type: 'sqlite3', db_file: name }, DATA), name).toEqual({
        ok: false,
        fields: [{ field: 'db_file', reason: 'error.install.db_file_name_invalid' }],
      });
    }
  });

  it('AUTO_INSTALL (the operator) still names any path', () => {
    const env = {
      DB_TYPE: 'sqlite3',
      SITE_NAME: BASE_INFO.site_name,
      SITE_URL: BASE_INFO.site_url,
      CONTACT_EMAIL: BASE_INFO.contact_email,
      ADMIN_NAME: BASE_INFO.name,
      ADMIN_PASSWORD: BASE_INFO.password,
      ADMIN_EMAIL: BASE_INFO.email,
    };
    expect(installInputFromEnv({ ...env, DB_FILE: '/var/lib/agora/site.db' }, DATA).database).toEqual({
      type: 'sqlite3',
      file: '/var/lib/agora/site.db',
    });
    expect(installInputFromEnv({ ...env, DB_FILE: 'db/site.db' }, DATA).database).toEqual({
      type: 'sqlite3',
      file: path.join(DATA, 'db/site.db'),
    });
  });
});
