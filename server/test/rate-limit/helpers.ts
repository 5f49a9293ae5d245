import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthLevel } from '../../src/plugins/auth';
import auth from '../../src/plugins/auth';
import errors from '../../src/plugins/errors';
import i18n from '../../src/plugins/i18n';
import rateLimits, { type RateLimitPluginOptions } from '../../src/plugins/rate-limit';
import routing from '../../src/plugins/routing';
import type { Session, SessionStore } from '../../src/modules/session/store';
import { resolveSiteSettings, StaticSettingsStore } from '../../src/modules/settings/store';

/** Tokens the fake session store knows. */
export const TOKENS = { alice: 'token-alice', bob: 'token-bob', admin: 'token-admin' } as const;

const SESSIONS: Record<string, Session> = {
  [TOKENS.alice]: { token: TOKENS.alice, userId: '101', roleId: 1, status: 'normal' },
  [TOKENS.bob]: { token: TOKENS.bob, userId: '102', roleId: 1, status: 'normal' },
  [TOKENS.admin]: { token: TOKENS.admin, userId: '1', roleId: 2, status: 'normal' },
};

export const fakeSessions: SessionStore = {
  find: async (token) => SESSIONS[token] ?? null,
  revoke: async () => undefined,
};

/** Routes of the real API's shapes (they do not exist yet, or exist elsewhere): each answers the success envelope. */
export const STUB_ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; auth: AuthLevel }> = [
  { method: 'GET', url: '/answer/api/v1/test/thing', auth: 'none' },
  { method: 'POST', url: '/answer/api/v1/test/thing', auth: 'none' },
  { method: 'PUT', url: '/answer/api/v1/test/thing', auth: 'none' },
  { method: 'DELETE', url: '/answer/api/v1/test/thing', auth: 'none' },
  { method: 'POST', url: '/answer/admin/api/test/thing', auth: 'admin' },
  { method: 'POST', url: '/answer/api/v1/question', auth: 'login' },
  { method: 'POST', url: '/answer/api/v1/comment', auth: 'login' },
  { method: 'POST', url: '/answer/api/v1/post/render', auth: 'login' },
  { method: 'POST', url: '/answer/api/v1/user/password/reset', auth: 'none' },
  { method: 'POST', url: '/answer/api/v1/user/email/verification/send', auth: 'login' },
  { method: 'POST', url: '/answer/api/v1/user/register/email', auth: 'none' },
  { method: 'PUT', url: '/answer/api/v1/user/password', auth: 'login' },
];

/** What the stub PUT user/password answers: 400 unless the old password is `right`. */
const passwordCheck = (body: unknown) => (body as { old_pass?: string } | undefined)?.old_pass === 'right';

/**
 * A bare app with the plugins the limits rely on (i18n, errors, auth with fake sessions) and the
 * rate-limit plugin with the given options, over stub routes.
 */
export async function limitedApp(options: RateLimitPluginOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).setValidatorCompiler(TypeBoxValidatorCompiler);
  await app.register(i18n);
  await app.register(errors);
  await app.register(routing);
  app.decorate('settings', new StaticSettingsStore(resolveSiteSettings({}, 'http://localhost:9080')));
  app.decorate('sessions', fakeSessions);
  await app.register(auth);
  await app.register(rateLimits, { env: {}, ...options });
  for (const route of STUB_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: { auth: route.auth },
      handler: async (request, reply) => {
        if (route.url.endsWith('/user/password') && !passwordCheck(request.body)) {
          return reply
            .code(400)
            .send({ code: 400, reason: 'error.object.old_password_verification_failed', msg: '', data: null });
        }
        return { code: 200, reason: 'base.success', msg: 'Success.', data: null };
      },
    });
  }
  await app.ready();
  return app;
}

export interface CallOptions {
  token?: string;
  ip?: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
    ...(options.body ? { payload: options.body } : method === 'GET' ? {} : { payload: {} }),
  });
}

/** Sends the same request `count` times, one after the other; returns the statuses. */
export async function repeat(count: number, send: (i: number) => Promise<LightMyRequestResponse>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).statusCode);
  return statuses;
}

/** The 429 answer: the error envelope with a translated msg, no data, and Retry-After in whole seconds. */
export function expectTooMany(
  response: LightMyRequestResponse,
  maxRetryAfter: number,
  lang: 'en_US' | 'zh_CN' = 'en_US',
) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({
    code: 429,
    reason: 'base.too_many_requests',
    msg: lang === 'en_US' ? 'Too many requests. Please wait a moment and try again.' : '请求过于频繁，请稍后再试。',
    data: null,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect(response.headers['x-ratelimit-remaining']).toBe('0');
  return retryAfter;
}
