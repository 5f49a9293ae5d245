import { isIgnoredPath, paths, suspendedUntilOf, type LoginState } from '@agora/shared-api';

/** An error page a guard can show in place of the route. */
export type GuardErrorCode = 403 | 404 | '50X';

export type GuardResult =
  | { ok: true }
  /** `remember`: store the current page so the login screen can return there. */
  | { ok: false; redirect: string; remember?: boolean }
  | { ok: false; error: GuardErrorCode };

export interface GuardContext {
  login: LoginState;
  site: { loginRequired: boolean; allowNewRegistrations: boolean };
  location: { pathname: string; search: string };
  /** Where a login leads (the page remembered before it, else home): logged-in members leave account pages for it. */
  returnTo: string;
}

export type Guard = (ctx: GuardContext) => GuardResult;

const OK: GuardResult = { ok: true };
const toLogin: GuardResult = { ok: false, redirect: paths.login(), remember: true };
const toInactive: GuardResult = { ok: false, redirect: paths.inactive() };
const toSuspended: GuardResult = { ok: false, redirect: paths.accountSuspended() };
const toHome: GuardResult = { ok: false, redirect: paths.home() };
const forbidden: GuardResult = { ok: false, error: 403 };

/** Private site: anonymous visitors may only reach the account pages (the paths a private site leaves open). */
export const loginRequired: Guard = ({ site, login, location }) =>
  site.loginRequired && !login.logged && !isIgnoredPath(location.pathname) ? toLogin : OK;

/** Suspended accounts see only the suspended page. */
export const notForbidden: Guard = ({ login, location }) =>
  login.forbidden && location.pathname !== paths.accountSuspended() ? toSuspended : OK;

/** The main layout's guards, in this order: login required (private site), then not forbidden. */
export const GLOBAL_GUARDS: readonly Guard[] = [loginRequired, notForbidden];

export const logged: Guard = ({ login }) => (login.logged ? OK : toLogin);

/** Needs an activated account: login first, suspended accounts to their page, then activation. */
export const activated: Guard = ({ login }) => {
  if (!login.logged) return toLogin;
  if (login.forbidden) return toSuspended;
  if (!login.activated) return toInactive;
  return OK;
};

/** A logged-in member on an account page goes where their login leads (the page they came from, or home). */
const toReturn = ({ returnTo }: GuardContext): GuardResult => ({ ok: false, redirect: returnTo });

/** Account pages for visitors: logged users go back (see toReturn), a not activated user to the inactive state. */
export const notLogged: Guard = (ctx) => {
  if (!ctx.login.logged) return OK;
  return ctx.login.activated ? toReturn(ctx) : toInactive;
};

/** /users/login: visitors log in; a not-activated user sees the inactive state there; others go back. */
export const loginPage: Guard = (ctx) => {
  if (!ctx.login.logged) return OK;
  if (ctx.login.activated) return toReturn(ctx);
  return new URLSearchParams(ctx.location.search).get('status') === 'inactive' ? OK : toInactive;
};

/** /users/register: home when registrations are off, then the visitors-only rule. */
export const register: Guard = (ctx) => (ctx.site.allowNewRegistrations ? notLogged(ctx) : toHome);

/** /users/account-activation/failed: activated users have nothing to do there. */
export const notActivated: Guard = ({ login }) => (login.activated ? toHome : OK);

/**
 * /users/account-suspended: only for suspended (forbidden) accounts, and for the visitor a suspension has
 * just logged out (the page's address then carries the suspension's end).
 */
export const forbiddenOnly: Guard = ({ login, location }) =>
  login.forbidden || (!login.logged && suspendedUntilOf(location.search) !== null) ? OK : toHome;

/** /admin: logged in with role 2 (and a normal account), otherwise the 403 page. */
export const admin: Guard = ({ login }) => (login.admin ? OK : forbidden);

/**
 * /tags/create: administrators and moderators. Visitors log in first and accounts that are
 * suspended or not activated go to their page (the activated rule); any other member gets the 403 page.
 */
export const adminOrModerator: Guard = (ctx) => {
  const account = activated(ctx);
  if (!account.ok) return account;
  return ctx.login.admin || ctx.login.moderator ? OK : forbidden;
};

export const GUARDS = {
  activated,
  logged,
  notLogged,
  loginPage,
  register,
  notActivated,
  forbiddenOnly,
  admin,
  adminOrModerator,
} as const satisfies Record<string, Guard>;

export type GuardName = keyof typeof GUARDS;

/** Runs guards in order and returns the first failure. */
export function runGuards(guards: readonly Guard[], ctx: GuardContext): GuardResult {
  for (const guard of guards) {
    const result = guard(ctx);
    if (!result.ok) return result;
  }
  return OK;
}
