import type { InstallDbType } from '@agora/shared-api/contract';

// Install form: every database field, site name, site URL, contact e-mail and the admin's name,
// password and e-mail are required, within the limits of docs/product-rules.md. The server checks the same rules again.

export const SITE_NAME_MAX = 30;
export const SITE_URL_MAX = 512;
export const EMAIL_MAX = 500;
export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** Login/sign-up name characters: a-z, 0-9, space, hyphen, period, underscore. */
const NAME_CHARACTERS = /^[a-z0-9 ._-]+$/i;
export { isEmail, isSingleLine } from '@agora/shared-api';

export const hasNameCharacters = (value: string) => NAME_CHARACTERS.test(value.trim());

/** An http(s) URL with a host and no query, fragment or credentials (the site's base address). */
export function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !!url.hostname &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Length in characters (not UTF-16 units), as the server counts. */
export const lengthOf = (value: string) => [...value].length;

export const DEFAULT_DB_FILE = 'agora.sqlite3';
/**
 * The SQLite file: a bare file name the server keeps in its data directory (letters, digits, `_`, `-`,
 * `.`, not starting with a dot), as the server checks it (server/src/modules/install/database-input.ts).
 */
const DB_FILE_NAME = /^[\w-][\w.-]{0,254}$/;
export const isDbFileName = (value: string) => DB_FILE_NAME.test(value.trim());
export const DEFAULT_HOSTS: Record<Exclude<InstallDbType, 'sqlite3'>, string> = {
  mysql: 'localhost:3306',
  postgres: 'localhost:5432',
};

export type DbField = 'db_file' | 'db_host' | 'db_name' | 'db_username' | 'db_password';
/** The database form's fields (SQLite: the file; the others: host, name, username, password). */
export const DB_FIELDS: readonly DbField[] = ['db_file', 'db_host', 'db_name', 'db_username', 'db_password'];
