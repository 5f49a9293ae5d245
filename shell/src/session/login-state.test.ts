import {
  deriveLoginState,
  forgetLoginReturnTo,
  getAccessToken,
  hasSession,
  resolveLanguage,
  rememberLoginReturnTo,
  setAccessToken,
  STORAGE_KEYS,
  takeLoginReturnTo,
} from '@agora/shared-api';
import { describe, expect, it } from 'vitest';

const user = (mail_status: number, status: 'normal' | 'forbidden' | 'suspended', role_id: number) => ({
  mail_status,
  status,
  role_id,
});

describe('deriveLoginState', () => {
  it('a visitor is nothing', () => {
    expect(deriveLoginState(null)).toEqual({
      logged: false,
      activated: false,
      notActivated: false,
      forbidden: false,
      normal: false,
      admin: false,
      moderator: false,
    });
  });

  it('a user without a token is not logged', () => {
    expect(deriveLoginState(user(1, 'normal', 2), false).logged).toBe(false);
    expect(deriveLoginState(user(1, 'normal', 2), false).admin).toBe(false);
  });

  it.each([
    // mail_status, status, role -> logged, activated, notActivated, forbidden, normal, admin, moderator
    [1, 'normal', 1, [true, true, false, false, true, false, false]],
    [2, 'normal', 1, [true, false, true, false, false, false, false]],
    [1, 'forbidden', 1, [true, true, false, true, false, false, false]],
    [1, 'suspended', 1, [true, true, false, true, false, false, false]],
    [1, 'normal', 2, [true, true, false, false, true, true, false]],
    [2, 'normal', 2, [true, false, true, false, false, false, false]],
    [1, 'forbidden', 2, [true, true, false, true, false, false, false]],
    [1, 'normal', 3, [true, true, false, false, true, false, true]],
    [2, 'normal', 3, [true, false, true, false, false, false, false]],
  ] as const)('mail_status %i, status %s, role %i', (mail, status, role, expected) => {
    const s = deriveLoginState(user(mail, status, role));
    expect([s.logged, s.activated, s.notActivated, s.forbidden, s.normal, s.admin, s.moderator]).toEqual(expected);
  });
});

describe('session storage', () => {
  it('keeps the token in memory only; localStorage holds just a session marker', () => {
    setAccessToken('tok-1');
    expect(getAccessToken()).toBe('tok-1');
    expect(hasSession()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBe('1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');
    setAccessToken(null);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('a login carried only by the server cookie still counts as a session', () => {
    setAccessToken('');
    expect(getAccessToken()).toBeNull();
    expect(hasSession()).toBe(true);
    setAccessToken(null);
    expect(hasSession()).toBe(false);
  });

  it('remembers the page before login until it is forgotten, never an account page', () => {
    rememberLoginReturnTo('/questions/1?page=2');
    expect(takeLoginReturnTo()).toBe('/questions/1?page=2');
    // The login screen and the guards both ask: the answer stays the same until the member arrives.
    expect(takeLoginReturnTo()).toBe('/questions/1?page=2');
    forgetLoginReturnTo();
    expect(takeLoginReturnTo()).toBe('/');
    rememberLoginReturnTo('/users/register');
    expect(takeLoginReturnTo()).toBe('/');
  });

  it.each(['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/.//evil.example'])(
    'never returns to another origin: %s',
    (target) => {
      localStorage.setItem(STORAGE_KEYS.loginReturnTo, target);
      expect(takeLoginReturnTo()).toBe('/');
      localStorage.removeItem(STORAGE_KEYS.loginReturnTo);
      rememberLoginReturnTo(target);
      expect(localStorage.getItem(STORAGE_KEYS.loginReturnTo)).toBeNull();
    },
  );
});

describe('resolveLanguage', () => {
  it("uses the user's language unless it is 'Default', then the site's, then en_US", () => {
    expect(resolveLanguage('zh_CN', 'en_US')).toBe('zh_CN');
    expect(resolveLanguage('Default', 'zh_CN')).toBe('zh_CN');
    expect(resolveLanguage(undefined, 'zh_CN')).toBe('zh_CN');
    expect(resolveLanguage('Default', '')).toBe('en_US');
    expect(resolveLanguage(null, undefined)).toBe('en_US');
  });
});
