import { ApiError } from '@agora/shared-api';
import { defaultConfigOf, isAlreadyInstalled } from './api';
import { toDbBody } from './steps/database-step';
import { hasNameCharacters, isEmail, isSiteUrl, lengthOf } from './validation';

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

  test('default_config from a create_config_failed error, as text', () => {
    const error = (data: unknown, reason = 'error.install.create_config_failed') =>
      new ApiError({ kind: 'http', status: 400, reason, message: 'x', data });
    expect(defaultConfigOf(error({ create_config_failed: true, default_config: '{"a":1}' }))).toBe('{"a":1}');
    expect(defaultConfigOf(error({ create_config_failed: true, default_config: { a: 1 } }))).toBe('{\n  "a": 1\n}');
    expect(defaultConfigOf(error({ err_type: 'alert' }, 'error.database.connection_failed'))).toBeNull();
    expect(isAlreadyInstalled(error({}, 'error.database.connection_failed'))).toBe(false);
  });
});
