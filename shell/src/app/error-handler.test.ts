import { ApiError } from '@agora/shared-api';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  decideErrorAction,
  executeErrorAction,
  handleApiError,
  registerErrorEffects,
  type ErrorAction,
  type ErrorEffects,
} from './error-handler';
import { createAppQueryClient } from './query-client';

function http(status: number, init: { reason?: string; message?: string; data?: unknown; path?: string } = {}) {
  return new ApiError({
    kind: 'http',
    status,
    reason: init.reason ?? 'base.unknown',
    message: init.message ?? 'Server says no',
    data: init.data ?? null,
    path: init.path ?? '/answer/api/v1/question',
  });
}

const HOME = { pathname: '/questions' };
const IGNORED = { pathname: '/users/login' };

describe('decideErrorAction', () => {
  it.each<[string, unknown, ErrorAction]>([
    [
      'timeout',
      new ApiError({ kind: 'timeout', status: 0, reason: 'base.timeout', message: 'x' }),
      { type: 'toast-text', key: 'errors.timeout' },
    ],
    [
      'network failure',
      new ApiError({ kind: 'network', status: 0, reason: 'base.network_error', message: 'x' }),
      { type: 'toast-text', key: 'errors.network' },
    ],
    [
      '400 err_type toast',
      http(400, { data: { err_type: 'toast' }, message: 'Vote failed' }),
      { type: 'toast', message: 'Vote failed' },
    ],
    ['400 err_type alert', http(400, { data: { err_type: 'alert' } }), { type: 'none' }],
    [
      '400 err_type modal',
      http(400, { data: { err_type: 'modal' }, message: 'Think again' }),
      { type: 'dialog', kind: 'confirm', message: 'Think again' },
    ],
    ['400 field errors', http(400, { data: [{ error_field: 'title', error_msg: 'Too long.' }] }), { type: 'none' }],
    [
      '400 null data',
      http(400, { message: 'Bad request' }),
      { type: 'dialog', kind: 'message', message: 'Bad request' },
    ],
    [
      '400 empty object',
      http(400, { data: {}, message: 'Bad request' }),
      { type: 'dialog', kind: 'message', message: 'Bad request' },
    ],
    [
      '400 empty array',
      http(400, { data: [], message: 'Bad request' }),
      { type: 'dialog', kind: 'message', message: 'Bad request' },
    ],
    ['400 other data', http(400, { data: { detail: 1 }, message: 'Odd' }), { type: 'toast', message: 'Odd' }],
    ['401', http(401), { type: 'logout' }],
    [
      '403 url_expired',
      http(403, { data: { type: 'url_expired' } }),
      { type: 'redirect', to: '/users/account-activation/failed' },
    ],
    [
      '403 inactive',
      http(403, { data: { type: 'inactive' } }),
      { type: 'redirect', to: '/users/login?status=inactive' },
    ],
    ['403 suspended', http(403, { data: { type: 'suspended' } }), { type: 'suspended', until: 0 }],
    [
      '403 suspended until a time',
      http(403, { data: { type: 'suspended', suspended_until: 1893456000 } }),
      { type: 'suspended', until: 1893456000 },
    ],
    ['403 admin API', http(403, { path: '/answer/admin/api/users/page' }), { type: 'page', page: 403 }],
    ['403 other', http(403, { message: 'No rank' }), { type: 'toast', message: 'No rank' }],
    ['404 without allow404', http(404), { type: 'none' }],
    ['500', http(500), { type: 'page', page: '50X' }],
    ['502', http(502), { type: 'page', page: '50X' }],
    ['503 maintenance', http(503, { reason: 'base.maintenance' }), { type: 'page', page: 'maintenance' }],
    ['503 other', http(503), { type: 'page', page: '50X' }],
    ['429', http(429, { message: 'Slow down' }), { type: 'toast', message: 'Slow down' }],
    ['not an ApiError', new Error('bug'), { type: 'none' }],
  ])('%s on a normal page', (_name, error, expected) => {
    expect(decideErrorAction(error, HOME)).toEqual(expected);
  });

  it('passingError leaves every kind of failure to the caller', () => {
    const meta = { passingError: true };
    for (const error of [
      http(400, { data: { err_type: 'toast' } }),
      http(400),
      http(401),
      http(403, { data: { type: 'inactive' } }),
      http(403),
      http(404),
      http(500),
      new ApiError({ kind: 'timeout', status: 0, reason: 'base.timeout', message: 'x' }),
    ]) {
      expect(decideErrorAction(error, { ...HOME, meta })).toEqual({ type: 'none' });
    }
  });

  it('404 shows the 404 page only when allowed and not on an ignored path', () => {
    expect(decideErrorAction(http(404), { ...HOME, meta: { allow404: true } })).toEqual({ type: 'page', page: 404 });
    expect(decideErrorAction(http(404), { ...IGNORED, meta: { allow404: true } })).toEqual({ type: 'none' });
  });

  it('50X shows no page on ignored paths or with ignoreServerError', () => {
    expect(decideErrorAction(http(500), IGNORED)).toEqual({ type: 'none' });
    expect(decideErrorAction(http(500), { ...HOME, meta: { ignoreServerError: true } })).toEqual({ type: 'none' });
    expect(decideErrorAction(http(503, { reason: 'base.maintenance' }), IGNORED)).toEqual({
      type: 'page',
      page: 'maintenance',
    });
  });

  it('403 without a type does nothing on ignored paths, even for the admin API', () => {
    expect(decideErrorAction(http(403), IGNORED)).toEqual({ type: 'none' });
    expect(decideErrorAction(http(403, { path: '/answer/admin/api/x' }), { pathname: '/user-center/auth' })).toEqual({
      type: 'none',
    });
  });

  it('403 with a session type redirects even on ignored paths', () => {
    expect(decideErrorAction(http(403, { data: { type: 'suspended' } }), IGNORED)).toEqual({
      type: 'suspended',
      until: 0,
    });
  });

  it('400 and 401 do not depend on the page', () => {
    expect(decideErrorAction(http(401), IGNORED)).toEqual({ type: 'logout' });
    expect(decideErrorAction(http(400, { data: { err_type: 'toast' }, message: 'm' }), IGNORED)).toEqual({
      type: 'toast',
      message: 'm',
    });
  });
});

function fakeEffects(pathname = '/questions/1', search = '?page=2') {
  return {
    pathname: vi.fn(() => pathname),
    search: vi.fn(() => search),
    toastDanger: vi.fn<(message: string) => void>(),
    translate: vi.fn((key: string) => `t(${key})`),
    openDialog: vi.fn<ErrorEffects['openDialog']>(),
    clearSession: vi.fn<() => void>(),
    rememberLoginReturnTo: vi.fn<(path: string) => void>(),
    navigate: vi.fn<(to: string) => void>(),
    showPage: vi.fn<ErrorEffects['showPage']>(),
  } satisfies ErrorEffects;
}

describe('time-outs and network failures (failures are fast and visible)', () => {
  const timeout = new ApiError({ kind: 'timeout', status: 0, reason: 'base.timeout', message: 'x' });
  const network = new ApiError({ kind: 'network', status: 0, reason: 'base.network_error', message: 'x' });

  it('the first load of a page: a page with a retry in place of the skeleton', () => {
    expect(decideErrorAction(timeout, { ...HOME, firstLoad: true })).toEqual({ type: 'page', page: 'timeout' });
    expect(decideErrorAction(network, { ...HOME, firstLoad: true })).toEqual({ type: 'page', page: 'network' });
  });

  it('a refetch of data on screen, a background query or an account page: a toast, the page stays', () => {
    const toast = { type: 'toast-text', key: 'errors.timeout' };
    expect(decideErrorAction(timeout, HOME)).toEqual(toast);
    expect(decideErrorAction(timeout, { ...HOME, firstLoad: false })).toEqual(toast);
    expect(decideErrorAction(timeout, { ...HOME, firstLoad: true, meta: { ignoreServerError: true } })).toEqual(toast);
    expect(decideErrorAction(timeout, { ...IGNORED, firstLoad: true })).toEqual(toast);
  });
});

describe('executeErrorAction', () => {
  it('toasts the message or the translated text', () => {
    const fx = fakeEffects();
    executeErrorAction({ type: 'toast', message: 'Nope' }, fx);
    executeErrorAction({ type: 'toast-text', key: 'errors.timeout' }, fx);
    expect(fx.toastDanger.mock.calls).toEqual([['Nope'], ['t(errors.timeout)']]);
  });

  it('opens dialogs and shows pages', () => {
    const fx = fakeEffects();
    executeErrorAction({ type: 'dialog', kind: 'confirm', message: 'Sure?' }, fx);
    executeErrorAction({ type: 'page', page: '50X' }, fx);
    expect(fx.openDialog).toHaveBeenCalledWith({ kind: 'confirm', message: 'Sure?' });
    expect(fx.showPage).toHaveBeenCalledWith('50X');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('401 clears the session, remembers the page and goes to login', () => {
    const fx = fakeEffects();
    executeErrorAction({ type: 'logout' }, fx);
    expect(fx.clearSession).toHaveBeenCalled();
    expect(fx.rememberLoginReturnTo).toHaveBeenCalledWith('/questions/1?page=2');
    expect(fx.navigate).toHaveBeenCalledWith('/users/login');
  });

  it('401 on the login page only clears the session', () => {
    const fx = fakeEffects('/users/login', '');
    executeErrorAction({ type: 'logout' }, fx);
    expect(fx.clearSession).toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('a suspension ends the session here too and shows the suspended page with its end', () => {
    const fx = fakeEffects();
    executeErrorAction({ type: 'suspended', until: 1893456000 }, fx);
    expect(fx.clearSession).toHaveBeenCalled();
    expect(fx.navigate.mock.calls).toEqual([['/users/account-suspended?until=1893456000']]);
  });

  it('redirects unless already there', () => {
    const fx = fakeEffects('/users/login', '?status=inactive');
    executeErrorAction({ type: 'redirect', to: '/users/login?status=inactive' }, fx);
    executeErrorAction({ type: 'redirect', to: '/users/account-suspended' }, fx);
    expect(fx.navigate.mock.calls).toEqual([['/users/account-suspended']]);
  });
});

describe('handleApiError', () => {
  it('holds failures until the shell registers its effects, then runs them', () => {
    registerErrorEffects(null);
    handleApiError(http(500), undefined);
    handleApiError(http(404), undefined); // nothing to do: not queued
    const fx = fakeEffects();
    registerErrorEffects(fx);
    expect(fx.showPage.mock.calls).toEqual([['50X']]);
    handleApiError(http(400, { data: { err_type: 'toast' }, message: 'later' }), undefined);
    expect(fx.toastDanger).toHaveBeenCalledWith('later');
    registerErrorEffects(null);
  });

  it('reads the meta of the failed query', () => {
    const fx = fakeEffects();
    registerErrorEffects(fx);
    handleApiError(http(500), { ignoreServerError: true });
    handleApiError(http(404), { allow404: true });
    expect(fx.showPage.mock.calls).toEqual([[404]]);
    registerErrorEffects(null);
  });

  it('tells a first load from a refetch of data already shown', async () => {
    const fx = fakeEffects();
    registerErrorEffects(fx);
    const client = createAppQueryClient({ retry: false });
    const timingOut = (key: string) => ({
      queryKey: [key],
      queryFn: () => Promise.reject(new ApiError({ kind: 'timeout', status: 0, reason: 'base.timeout', message: 'x' })),
      staleTime: 0,
    });
    client.setQueryData(['shown'], 'on screen');
    const shown = new QueryObserver(client, timingOut('shown'));
    const unsubscribeShown = shown.subscribe(() => undefined);
    await vi.waitFor(() => expect(fx.toastDanger).toHaveBeenCalledWith('t(errors.timeout)'));
    expect(fx.showPage).not.toHaveBeenCalled();
    const first = new QueryObserver(client, timingOut('first'));
    const unsubscribeFirst = first.subscribe(() => undefined);
    await vi.waitFor(() => expect(fx.showPage.mock.calls).toEqual([['timeout']]));
    unsubscribeShown();
    unsubscribeFirst();
    registerErrorEffects(null);
  });

  it('a query nobody shows any more (its screen was left) puts no error page over the current one', async () => {
    const fx = fakeEffects();
    registerErrorEffects(fx);
    const client = createAppQueryClient({ retry: false });
    const failing = (key: string) => ({
      queryKey: [key],
      queryFn: () => Promise.reject(http(404, { path: '/answer/api/v1/personal/user/info' })),
      meta: { allow404: true },
    });
    // Left before the answer came: no observer, no 404 page.
    await client.prefetchQuery(failing('left'));
    expect(fx.showPage).not.toHaveBeenCalled();
    // Still on screen: the 404 page.
    const observer = new QueryObserver(client, failing('shown'));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fx.showPage.mock.calls).toEqual([[404]]));
    unsubscribe();
    // A 401 still ends the session wherever it comes from.
    await client.prefetchQuery({ queryKey: ['auth'], queryFn: () => Promise.reject(http(401)) });
    expect(fx.clearSession).toHaveBeenCalled();
    registerErrorEffects(null);
  });
});
