import type { ColumnType } from 'kysely';
import type { Nullable, WithDefault } from './columns';

/** Accounts, sessions, e-mailed tokens and the site's stored configuration. */

/** Apache Answer's `user` table, with its user_role_rel folded into `role_id`. */
export interface UserTable {
  id: number;
  username: string;
  /** Uniqueness key of the username: NFKC, lower case, invisible characters removed. */
  username_key: string;
  e_mail: string;
  /** Uniqueness and lookup key of the e-mail address: trimmed, lower case. */
  e_mail_key: string;
  /** argon2id PHC string; '' when the account has no password (external login). */
  pass: string;
  /** 1 verified, 2 to be verified. */
  mail_status: WithDefault<number>;
  notice_status: WithDefault<number>;
  follow_count: WithDefault<number>;
  answer_count: WithDefault<number>;
  question_count: WithDefault<number>;
  rank: WithDefault<number>;
  authority_group: WithDefault<number>;
  display_name: string;
  /** JSON AvatarInfo ({type, gravatar, custom}); '' = the site default. */
  avatar: string;
  mobile: WithDefault<string>;
  bio: string;
  bio_html: string;
  website: WithDefault<string>;
  location: WithDefault<string>;
  ip_info: WithDefault<string>;
  /** A language value, or 'Default' (follow the site's interface language). */
  language: WithDefault<string>;
  color_scheme: WithDefault<string>;
  /** 1 user, 2 admin, 3 moderator. */
  role_id: WithDefault<number>;
  /** 1 available, 9 suspended, 10 deleted. */
  status: WithDefault<number>;
  suspended_at: ColumnType<number | null, number | null | undefined, number | null>;
  suspended_until: ColumnType<number | null, number | null | undefined, number | null>;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  last_login_date: ColumnType<number | null, number | null | undefined, number | null>;
  /** UTC days the member used the site logged in (each day once). */
  visit_days: WithDefault<number>;
  /** The last day counted in visit_days (YYYY-MM-DD, UTC). */
  last_visit_day: ColumnType<string | null, string | null | undefined, string | null>;
  /** Consecutive UTC days ending at last_visit_day (migration 20261127090100_badges). */
  visit_streak: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** Login sessions. Only the SHA-256 of a token is stored; the token itself exists only on the client. */
export interface SessionTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  user_id: number;
  created_at: number;
  /** Absolute end of the session. */
  expires_at: number;
  /** Last time the session was used (for "my logins" and idle limits). */
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the session was ended (logout, password change, suspension). */
  revoked_at: ColumnType<number | null, number | null | undefined, number | null>;
  ip: WithDefault<string>;
  user_agent: WithDefault<string>;
}

/** Answer's `config` table: fixed ids (activity types refer to them), unique keys, JSON-or-number text values. */
export interface ConfigTable {
  id: number;
  key: string;
  value: string;
}

/** Answer's `site_info`: one JSON document per settings group. */
export interface SiteInfoTable {
  type: string;
  content: string;
  status: WithDefault<number>;
  created_at: number;
  updated_at: number;
}

/** Answer's `uniqid`: which object type each allocated object id was for. */
export interface UniqidTable {
  id: number;
  uniqid_type: number;
}

/** Counters the app allocates ids from (see ids.ts). */
export interface IdSequenceTable {
  name: string;
  value: number;
}

/**
 * E-mailed account tokens (migration 20261122090100_account_tokens): only the hex SHA-256 of the
 * code is kept. kind: activation | email_change | password_reset | unsubscribe. A token is live
 * while used_at and revoked_at are NULL and expires_at is ahead (Unix ms).
 */
export interface AccountTokenTable {
  token_hash: string;
  user_id: number;
  kind: string;
  /** The address an e-mail change token confirms. */
  new_email: Nullable<string>;
  created_at: number;
  expires_at: number;
  used_at: Nullable<number>;
  /** Superseded by a newer token, or revoked by a password or e-mail change. */
  revoked_at: Nullable<number>;
  /** An unsubscribe code's notification kind (inbox, weekly_digest, ...); NULL turns every kind off. */
  scope: Nullable<string>;
}
