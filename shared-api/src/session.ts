// The browser session every app shares: the stored token and language, the derived login state (SPEC §4),
// the login-to-continue prompt and the return-to page. The shell wires it into the API client at start-up;
// remotes use the same module instance (shared-api is a federation singleton).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { atom, useSetAtom } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import type { CurrentUser } from './contract/user';
import { isIgnoredPath } from './paths';
import { currentUserQuery, userKeys } from './resources/site';

/** localStorage keys of the session. */
export const STORAGE_KEYS = {
  /** The login token, sent as the Authorization header. */
  token: 'agora.access_token',
  /** The interface language in effect (e.g. en_US), used before the site and user are known. */
  language: 'agora.language',
  /** The page a visitor was on before being sent to log in (path + search). */
  loginReturnTo: 'agora.login_return_to',
} as const;

/** SPEC §9: default language. */
export const DEFAULT_LANGUAGE = 'en_US';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode): the session lives for this page only
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    /* quota or disabled storage: nothing to do */
  }
}

const listeners = new Set<() => void>();
let token: string | null = read(STORAGE_KEYS.token);

function emit(): void {
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes this tab's session too.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
  token = read(STORAGE_KEYS.token);
  emit();
});

/** The stored token (raw, as the server minted it). */
export function getAccessToken(): string | null {
  return token;
}

export function setAccessToken(next: string | null): void {
  token = next || null;
  write(STORAGE_KEYS.token, token);
  emit();
}

export function subscribeAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored token, re-rendering when it changes (login, logout, another tab). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeAccessToken, getAccessToken, getAccessToken);
}

export function getStoredLanguage(): string | null {
  return read(STORAGE_KEYS.language);
}

export function setStoredLanguage(language: string): void {
  write(STORAGE_KEYS.language, language);
}

/**
 * SPEC §1/§7: the user's language unless it is 'Default', else the site's interface language, else en_US.
 */
export function resolveLanguage(
  userLanguage: string | null | undefined,
  siteLanguage: string | null | undefined,
): string {
  if (userLanguage && userLanguage !== 'Default') return userLanguage;
  if (siteLanguage && siteLanguage !== 'Default') return siteLanguage;
  return DEFAULT_LANGUAGE;
}

/** Remembers where to come back to after logging in (nothing for the account pages themselves). */
export function rememberLoginReturnTo(pathWithSearch: string): void {
  const pathname = pathWithSearch.split(/[?#]/)[0] ?? '/';
  if (isIgnoredPath(pathname)) return;
  write(STORAGE_KEYS.loginReturnTo, pathWithSearch);
}

/** The remembered page, forgotten once read; '/' when there is none. For the login screen. */
export function takeLoginReturnTo(): string {
  const value = read(STORAGE_KEYS.loginReturnTo);
  write(STORAGE_KEYS.loginReturnTo, null);
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * SPEC §4 derived login state. `forbidden` also covers 'suspended': the user-info endpoint reports a
 * suspended account either way, and both are sent to the suspended page.
 */
export interface LoginState {
  logged: boolean;
  activated: boolean;
  notActivated: boolean;
  forbidden: boolean;
  normal: boolean;
  admin: boolean;
  moderator: boolean;
}

export type SessionUser = Pick<CurrentUser, 'mail_status' | 'status' | 'role_id'>;

export function deriveLoginState(user: SessionUser | null | undefined, hasToken = true): LoginState {
  const logged = !!user && hasToken;
  const activated = logged && user.mail_status === 1;
  const notActivated = logged && user.mail_status === 2;
  const forbidden = logged && (user.status === 'forbidden' || user.status === 'suspended');
  const normal = activated && !forbidden;
  return {
    logged,
    activated,
    notActivated,
    forbidden,
    normal,
    admin: normal && user.role_id === 2,
    moderator: normal && user.role_id === 3,
  };
}

/**
 * The logged-in user: null when there is no token (no request is made) or the token is no longer valid.
 * `isPending` is true only while a token's user is being fetched for the first time.
 */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const accessToken = useAccessToken();
  const query = useQuery({ ...currentUserQuery(), enabled: !!accessToken });
  if (!accessToken) return { user: null, isPending: false };
  return { user: query.data ?? null, isPending: query.isPending };
}

export function useLoginState(): LoginState {
  const { user } = useCurrentUser();
  return deriveLoginState(user, !!useAccessToken());
}

/** Stores a fresh login (from login, sign-up or e-mail confirmation) and primes the current-user cache. */
export function startSession(queryClient: QueryClient, user: CurrentUser): void {
  if (user.access_token) setAccessToken(user.access_token);
  queryClient.setQueryData(userKeys.current(), user);
}

/** Forgets the token and the cached user (logout, 401). */
export function clearSession(queryClient: QueryClient): void {
  setAccessToken(null);
  queryClient.setQueryData(userKeys.current(), null);
}

/** Open state of the shell's login-to-continue modal (SPEC §2.4). */
export const loginModalOpenAtom = atom(false);

/**
 * For actions that need a login (vote, bookmark, follow...): the returned function answers true when
 * the visitor is logged in; otherwise it opens the login-to-continue modal and answers false.
 */
export function useRequireLogin(): () => boolean {
  const { logged } = useLoginState();
  const openLoginModal = useSetAtom(loginModalOpenAtom);
  return useCallback(() => {
    if (logged) return true;
    openLoginModal(true);
    return false;
  }, [logged, openLoginModal]);
}

/**
 * Query/mutation `meta` flags the shell's error handler reads (SPEC §8): `passingError` leaves every
 * error to the caller, `allow404` turns a 404 into the 404 page, `ignoreServerError` drops 50X pages.
 */
export interface ErrorMeta {
  passingError?: boolean;
  allow404?: boolean;
  ignoreServerError?: boolean;
  [key: string]: unknown;
}
