import { ApiError } from '@agora/shared-api';
import { configFailureOf, holdsSite, isAlreadyInstalled, isPrepared } from './api';
import { toDbBody } from './steps/database-step';
import { hasNameCharacters, isDbFileName, isEmail, isSiteUrl, lengthOf } from './validation';

describe('install validation helpers', () => {
  test.each([
    ['https://example.com', true],
    ['http://127.0.0.1:9080', true],
    ['https://example.com/community', true],
    ['example.com', false],
    ['ftp://example.com', false],
    ['https://example.com/?q=1', false],
    ['https://user:pw@example.com', false],
    ['not a url', false],
  ])('site URL %s -> %s', (value, ok) => expect(isSiteUrl(value)).toBe(ok));

  test.each([
    ['admin@example.com', true],
    ['a.b+c@sub.example.org', true],
    ['admin@', false],
    ['admin.example.com', false],
    ['admin@example', false],
    ['ad min@example.com', false],
  ])('e-mail %s -> %s', (value, ok) => expect(isEmail(value)).toBe(ok));

  test.each([
    ['site admin', true],
    ['a.b_c-d', true],
    ['Admin', true],
    ['admin!', false],
    ['名字', false],
  ])('name characters %s -> %s', (value, ok) => expect(hasNameCharacters(value)).toBe(ok));

  test.each([
    ['agora.sqlite3', true],
    [' my-site_2.db ', true],
    ['/var/lib/agora.sqlite3', false],
    ['../agora.sqlite3', false],
    ['sub/agora.sqlite3', false],
    ['sub\\agora.sqlite3', false],
    ['.agora', false],
    [':memory:', false],
    ['a'.repeat(256), false],
  ])('SQLite file %s -> %s', (value, ok) => expect(isDbFileName(value)).toBe(ok));

  test('lengths count characters, not UTF-16 units', () => {
    expect(lengthOf('😀😀')).toBe(2);
  });

  test('the database body carries only the chosen type’s fields', () => {
    const values = {
      db_file: ' agora.sqlite3 ',
      db_host: ' localhost:3306 ',
      db_name: ' agora ',
      db_username: ' root ',
      db_password: ' pw ',
    };
    expect(toDbBody({ db_type: 'sqlite3', ...values })).toEqual({ db_type: 'sqlite3', db_file: 'agora.sqlite3' });
    expect(toDbBody({ db_type: 'mysql', ...values })).toEqual({
      db_type: 'mysql',
      db_host: 'localhost:3306',
      db_name: 'agora',
      db_username: 'root',
      db_password: ' pw ',
    });
  });

  test('default_config (and the file) from a create_config_failed error, as text', () => {
    const error = (data: unknown, reason = 'error.install.create_config_failed') =>
      new ApiError({ kind: 'http', status: 400, reason, message: 'x', data });
    expect(configFailureOf(error({ create_config_failed: true, default_config: '{"a":1}' }))).toEqual({
      defaultConfig: '{"a":1}',
    });
    expect(
      configFailureOf(
        error({ create_config_failed: true, default_config: { a: 1 }, config_file: '/data/config.json' }),
      ),
    ).toEqual({ defaultConfig: '{\n  "a": 1\n}', configFile: '/data/config.json' });
    expect(configFailureOf(error({ err_type: 'alert' }, 'error.database.connection_failed'))).toBeNull();
    expect(configFailureOf(new Error('x'))).toBeNull();
    expect(isAlreadyInstalled(error({}, 'error.install.already_installed'))).toBe(true);
    expect(isAlreadyInstalled(error({}, 'error.database.connection_failed'))).toBe(false);
  });

  test('config-file/check: prepared (init ran) versus holding an installed site', () => {
    const check = (config_file_exist: boolean, db_connection_success: boolean, db_table_exist: boolean) => ({
      config_file_exist,
      db_connection_success,
      db_table_exist,
    });
    expect(isPrepared(check(true, true, false))).toBe(true);
    expect(isPrepared(check(true, true, true))).toBe(false);
    expect(isPrepared(check(true, false, false))).toBe(false);
    expect(isPrepared(check(false, false, false))).toBe(false);
    expect(holdsSite(check(true, true, true))).toBe(true);
    expect(holdsSite(check(true, true, false))).toBe(false);
  });
});
