/** Zero-width and other invisible format characters that make two names look the same. */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/g;

/**
 * The key that makes usernames unique: NFKC (fullwidth ａｄｍｉｎ is admin), invisible characters
 * removed, lower case. `Admin`, `ａｄｍｉｎ` and `admin\u200b` all share the key `admin`.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').replace(INVISIBLE, '').toLowerCase().trim();
}

/** The key that makes e-mail addresses unique and finds them at login: trimmed, NFKC, lower case. */
export function emailKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
