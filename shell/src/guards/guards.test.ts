import { deriveLoginState, type SessionUser } from '@agora/shared-api';
import { describe, expect, it } from 'vitest';
import {
  activated,
  admin,
  adminOrModerator,
  forbiddenOnly,
  GLOBAL_GUARDS,
  loginPage,
  loginRequired,
  logged,
  notActivated,
  notForbidden,
  notLogged,
  register,
  runGuards,
  type GuardContext,
} from './guards';

const USERS = {
  visitor: null,
  member: { mail_status: 1, status: 'normal', role_id: 1 },
  inactive: { mail_status: 2, status: 'normal', role_id: 1 },
  suspended: { mail_status: 1, status: 'forbidden', role_id: 1 },
  admin: { mail_status: 1, status: 'normal', role_id: 2 },
  inactiveAdmin: { mail_status: 2, status: 'normal', role_id: 2 },
  moderator: { mail_status: 1, status: 'normal', role_id: 3 },
} satisfies Record<string, SessionUser | null>;
type Who = keyof typeof USERS;

function ctx(
  who: Who,
  { pathname = '/questions', search = '', loginRequired = false, allowNewRegistrations = true, returnTo = '/' } = {},
): GuardContext {
  return {
    login: deriveLoginState(USERS[who]),
    site: { loginRequired, allowNewRegistrations },
    location: { pathname, search },
    returnTo,
  };
}

const OK = { ok: true };
const LOGIN = { ok: false, redirect: '/users/login', remember: true };
const INACTIVE = { ok: false, redirect: '/users/login?status=inactive' };
const SUSPENDED = { ok: false, redirect: '/users/account-suspended' };
const HOME = { ok: false, redirect: '/' };
const E403 = { ok: false, error: 403 };

describe('global guards', () => {
  it('private site: visitors go to login (remembering the page), except on ignored paths', () => {
    const priv = { loginRequired: true };
    expect(loginRequired(ctx('visitor', priv))).toEqual(LOGIN);
    expect(loginRequired(ctx('visitor', { ...priv, pathname: '/' }))).toEqual(LOGIN);
    for (const pathname of [
      '/users/login',
      '/users/register',
      '/users/account-recovery',
      '/users/change-email',
      '/users/password-reset',
      '/users/account-activation',
      '/users/account-activation/success',
      '/users/account-activation/failed',
      '/users/confirm-new-email',
      '/users/confirm-email',
      '/users/auth-landing',
      '/user-center/auth',
      '/user-center/auth-failed',
    ]) {
      expect(loginRequired(ctx('visitor', { ...priv, pathname }))).toEqual(OK);
    }
    expect(loginRequired(ctx('member', priv))).toEqual(OK);
    expect(loginRequired(ctx('inactive', priv))).toEqual(OK);
  });

  it('public site: everyone passes the login-required check', () => {
    expect(loginRequired(ctx('visitor'))).toEqual(OK);
  });

  it('the suspended page: for suspended accounts, and for a visitor a suspension has just logged out', () => {
    expect(forbiddenOnly(ctx('suspended', { pathname: '/users/account-suspended' }))).toEqual(OK);
    expect(
      forbiddenOnly(ctx('visitor', { pathname: '/users/account-suspended', search: '?until=1893456000' })),
    ).toEqual(OK);
    expect(forbiddenOnly(ctx('visitor', { pathname: '/users/account-suspended' }))).toEqual(HOME);
  });

  it('not forbidden: suspended accounts go to the suspended page, and may stay there', () => {
    expect(notForbidden(ctx('suspended'))).toEqual(SUSPENDED);
    expect(notForbidden(ctx('suspended', { pathname: '/users/account-suspended' }))).toEqual(OK);
    for (const who of ['visitor', 'member', 'inactive', 'admin'] as const) expect(notForbidden(ctx(who))).toEqual(OK);
  });

  it('runs in the guard order: login required first, then not forbidden', () => {
    expect(runGuards(GLOBAL_GUARDS, ctx('visitor', { loginRequired: true }))).toEqual(LOGIN);
    expect(runGuards(GLOBAL_GUARDS, ctx('suspended', { loginRequired: true }))).toEqual(SUSPENDED);
    expect(runGuards(GLOBAL_GUARDS, ctx('member', { loginRequired: true }))).toEqual(OK);
  });
});

describe('route guards', () => {
  it.each<[Who, object]>([
    ['visitor', LOGIN],
    ['inactive', INACTIVE],
    ['suspended', SUSPENDED],
    ['member', OK],
    ['admin', OK],
    ['moderator', OK],
  ])('activated: %s', (who, expected) => {
    expect(activated(ctx(who))).toEqual(expected);
  });

  it.each<[Who, object]>([
    ['visitor', LOGIN],
    ['inactive', OK],
    ['member', OK],
    ['suspended', OK],
  ])('logged: %s', (who, expected) => {
    expect(logged(ctx(who))).toEqual(expected);
  });

  it.each<[Who, object]>([
    ['visitor', OK],
    ['member', HOME],
    ['admin', HOME],
    ['inactive', INACTIVE],
  ])('not logged: %s', (who, expected) => {
    expect(notLogged(ctx(who))).toEqual(expected);
  });

  it('login page: visitors stay, logged users leave, not-activated users see the inactive state', () => {
    expect(loginPage(ctx('visitor', { pathname: '/users/login' }))).toEqual(OK);
    expect(loginPage(ctx('member', { pathname: '/users/login' }))).toEqual(HOME);
    expect(loginPage(ctx('inactive', { pathname: '/users/login' }))).toEqual(INACTIVE);
    expect(loginPage(ctx('inactive', { pathname: '/users/login', search: '?status=inactive' }))).toEqual(OK);
  });

  it('a member who has just logged in leaves the account pages for the page they came from', () => {
    const back = { returnTo: '/questions/1?page=2' };
    const BACK = { ok: false, redirect: '/questions/1?page=2' };
    expect(loginPage(ctx('member', { ...back, pathname: '/users/login' }))).toEqual(BACK);
    expect(register(ctx('member', back))).toEqual(BACK);
    expect(notLogged(ctx('admin', back))).toEqual(BACK);
    // Not activated: the inactive state comes first; visitors stay.
    expect(loginPage(ctx('inactive', { ...back, pathname: '/users/login' }))).toEqual(INACTIVE);
    expect(loginPage(ctx('visitor', { ...back, pathname: '/users/login' }))).toEqual(OK);
  });

  it('register: home when registrations are off, otherwise visitors only', () => {
    expect(register(ctx('visitor', { allowNewRegistrations: false }))).toEqual(HOME);
    expect(register(ctx('visitor'))).toEqual(OK);
    expect(register(ctx('member'))).toEqual(HOME);
    expect(register(ctx('inactive'))).toEqual(INACTIVE);
  });

  it('activation result pages: success for activated users, failed for the others', () => {
    expect(activated(ctx('member', { pathname: '/users/account-activation/success' }))).toEqual(OK);
    expect(activated(ctx('inactive', { pathname: '/users/account-activation/success' }))).toEqual(INACTIVE);
    expect(notActivated(ctx('member'))).toEqual(HOME);
    expect(notActivated(ctx('inactive'))).toEqual(OK);
    expect(notActivated(ctx('visitor'))).toEqual(OK);
  });

  it('suspended page: forbidden accounts only', () => {
    expect(forbiddenOnly(ctx('suspended'))).toEqual(OK);
    for (const who of ['visitor', 'member', 'inactive', 'admin'] as const)
      expect(forbiddenOnly(ctx(who))).toEqual(HOME);
  });

  it.each<[Who, object]>([
    ['visitor', E403],
    ['member', E403],
    ['moderator', E403],
    ['inactiveAdmin', E403],
    ['suspended', E403],
    ['admin', OK],
  ])('admin: %s', (who, expected) => {
    expect(admin(ctx(who))).toEqual(expected);
  });

  it.each<[Who, object]>([
    ['visitor', LOGIN],
    ['member', E403],
    ['inactive', INACTIVE],
    ['suspended', SUSPENDED],
    ['inactiveAdmin', INACTIVE],
    ['admin', OK],
    ['moderator', OK],
  ])('admin or moderator: %s', (who, expected) => {
    expect(adminOrModerator(ctx(who))).toEqual(expected);
  });
});
