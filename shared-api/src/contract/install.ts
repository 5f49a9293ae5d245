import { Type, type Static } from 'typebox';

// The first-run installer's wire contract (docs/wire-contract.md): served under /installation while the
// site is not installed, without the /answer/api/v1 prefix.

export const InstallDbType = Type.Union([Type.Literal('sqlite3'), Type.Literal('postgres'), Type.Literal('mysql')]);
export type InstallDbType = Static<typeof InstallDbType>;

/** POST /installation/db/check and /installation/init. */
export const InstallDbBody = Type.Object({
  db_type: InstallDbType,
  db_username: Type.Optional(Type.String({ maxLength: 100 })),
  db_password: Type.Optional(Type.String({ maxLength: 200 })),
  /** host:port */
  db_host: Type.Optional(Type.String({ maxLength: 255 })),
  db_name: Type.Optional(Type.String({ maxLength: 100 })),
  /** SQLite file (relative paths are relative to the data directory). */
  db_file: Type.Optional(Type.String({ maxLength: 500 })),
  ssl_enabled: Type.Optional(Type.Boolean()),
  ssl_mode: Type.Optional(
    Type.Union([Type.Literal('require'), Type.Literal('verify-ca'), Type.Literal('verify-full')]),
  ),
  ssl_root_cert: Type.Optional(Type.String({ maxLength: 10_000 })),
  ssl_key: Type.Optional(Type.String({ maxLength: 10_000 })),
  ssl_cert: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type InstallDbBody = Static<typeof InstallDbBody>;

/** data of POST /installation/db/check. */
export const DbCheckResult = Type.Object({ connection_success: Type.Boolean() });

/** data of POST /installation/config-file/check. */
export const ConfigFileCheckResult = Type.Object({
  config_file_exist: Type.Boolean(),
  db_connection_success: Type.Boolean(),
  db_table_exist: Type.Boolean(),
});
export type ConfigFileCheckResult = Static<typeof ConfigFileCheckResult>;

/** POST /installation/base-info. */
export const InstallBaseInfoBody = Type.Object({
  lang: Type.String({ minLength: 1, maxLength: 30 }),
  site_name: Type.String({ minLength: 1, maxLength: 30 }),
  site_url: Type.String({ minLength: 1, maxLength: 512 }),
  contact_email: Type.String({ minLength: 1, maxLength: 500 }),
  /** The admin's name (username rules: 2 to 30 of a-z, 0-9, space, hyphen, period, underscore). */
  name: Type.String({ minLength: 2, maxLength: 30 }),
  password: Type.String({ minLength: 8, maxLength: 32 }),
  email: Type.String({ minLength: 1, maxLength: 500 }),
  login_required: Type.Optional(Type.Boolean()),
  external_content_display: Type.Optional(
    Type.Union([Type.Literal('always_display'), Type.Literal('ask_before_display')]),
  ),
});
export type InstallBaseInfoBody = Static<typeof InstallBaseInfoBody>;
