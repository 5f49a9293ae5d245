// The browser session every app shares: the stored token and language, the derived login state,
// the login-to-continue prompt and the return-to page. The shell wires it into the API client at start-up;
// remotes use the same module instance (shared-api is a federation singleton).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { atom, useSetAtom } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import type { CurrentUser } from './contract/user';
import { isIgnoredPath, safeReturnPath } from './paths';
import { currentUserQuery, userKeys } from './resources/user';

/** localStorage keys of the session. None of them holds a secret. */
export const STORAGE_KEYS = {
  /**
   * '1' while this browser has a login. The login itself is an HttpOnly cookie the server sets
   * (HttpOnly): no script can read it, so this marker tells the app (and its other tabs)
   * that there is a session worth asking user/info about.
   */
  session: 'agora.session',
  /** The interface language in effect (e.g. en_US), used before the site and user are known. */
  language: 'agora.language',
  /** The page a visitor was on before being sent to log in (path + search). */
  loginReturnTo: 'agora.login_return_to',
} as const;

/** Default language. */
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
/** The token of a login made in this page, kept in memory only (sent as the Authorization header). */
let token: string | null = null;
let marked = read(STORAGE_KEYS.session) === '1';

function emit(): void {
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes this tab's session too.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
  marked = read(STORAGE_KEYS.session) === '1';
  if (!marked) token = null;
  emit();
});

/** The token of a login made in this page, if any (the cookie carries the session otherwise). */
export function getAccessToken(): string | null {
  return token;
}

/**
 * Records a login (a token from login, sign-up or e-mail confirmation; '' or undefined when the
 * server only set its cookie) or, with null, its end.
 */
export function setAccessToken(next: string | null | undefined): void {
  token = next || null;
  marked = next !== null && next !== undefined ? true : false;
  write(STORAGE_KEYS.session, marked ? '1' : null);
  emit();
}

/** Whether this browser has a login to ask the server about. */
export function hasSession(): boolean {
  return marked || token !== null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether there is a login, re-rendering when that changes (login, logout, another tab). */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeSession, hasSession, hasSession);
}

export function getStoredLanguage(): string | null {
  return read(STORAGE_KEYS.language);
}

export function setStoredLanguage(language: string): void {
  write(STORAGE_KEYS.language, language);
}

/**
 * The user's language unless it is 'Default', else the site's interface language, else en_US.
 */
export function resolveLanguage(
  userLanguage: string | null | undefined,
  siteLanguage: string | null | undefined,
): string {
  if (userLanguage && userLanguage !== 'Default') return userLanguage;
  if (siteLanguage && siteLanguage !== 'Default') return siteLanguage;
  return DEFAULT_LANGUAGE;
}

/** Remembers where to come back to after logging in: a same-site path, never an account page. */
export function rememberLoginReturnTo(pathWithSearch: string): void {
  const target = safeReturnPath(pathWithSearch);
  if (!target || isIgnoredPath(target.split(/[?#]/)[0] ?? '/')) return;
  write(STORAGE_KEYS.loginReturnTo, target);
}

/**
 * Where a login leads: the remembered page, else '/'. The page stays remembered until the member arrives
 * somewhere other than the account pages (the shell then calls `forgetLoginReturnTo`): the login screen
 * and the shell's guards both move a member who has just logged in off the login page, and both must send
 * them to the same place, whichever runs first.
 */
export function takeLoginReturnTo(): string {
  return safeReturnPath(read(STORAGE_KEYS.loginReturnTo)) ?? '/';
}

export function forgetLoginReturnTo(): void {
  write(STORAGE_KEYS.loginReturnTo, null);
}

/**
 * Derived login state. `forbidden` also covers 'suspended': the user-info endpoint reports a
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
 * The logged-in user: null when there is no session (no request is made) or it is no longer valid.
 * `isPending` is true only while the session's user is being fetched for the first time.
 */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const session = useHasSession();
  const query = useQuery({ ...currentUserQuery(), enabled: session });
  if (!session) return { user: null, isPending: false };
  return { user: query.data ?? null, isPending: query.isPending };
}

export function useLoginState(): LoginState {
  const { user } = useCurrentUser();
  return deriveLoginState(user, useHasSession());
}

/** Stores a fresh login (from login, sign-up or e-mail confirmation) and primes the current-user cache. */
export function startSession(queryClient: QueryClient, user: CurrentUser): void {
  setAccessToken(user.access_token ?? '');
  queryClient.setQueryData(userKeys.current(), user);
}

/** Forgets the session marker, the in-memory token and the cached user (logout, 401). */
export function clearSession(queryClient: QueryClient): void {
  setAccessToken(null);
  queryClient.setQueryData(userKeys.current(), null);
}

/** Open state of the shell's login-to-continue modal. */
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
 * Query/mutation `meta` flags the shell's error handler reads: `passingError` leaves every
 * error to the caller, `allow404` turns a 404 into the 404 page, `ignoreServerError` drops 50X pages.
 */
export interface ErrorMeta {
  passingError?: boolean;
  allow404?: boolean;
  ignoreServerError?: boolean;
  [key: string]: unknown;
}
