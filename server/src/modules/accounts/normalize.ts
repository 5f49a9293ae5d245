/** Zero-width joiners, variation selectors, direction marks, fillers: characters that make two names look the same. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

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
