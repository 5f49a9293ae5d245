import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../src/lib/api-failure';
import { envelope, makeApp, testConfig } from './helpers';

const Body = Type.Object(
  {
    title: Type.String({ minLength: 6, maxLength: 150 }),
    e_mail: Type.Optional(Type.String({ format: 'email' })),
    order: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('active')])),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** The app plus test-only routes that fail in every way a real route can. */
async function appWithFailingRoutes() {
  const lines: string[] = [];
  const app = await makeApp(testConfig({ logLevel: 'info' }), {}, { logStream: { write: (line) => lines.push(line) } });
  app.post('/answer/api/v1/test/echo', { config: { auth: 'none' }, schema: { body: Body } }, async (request) => ({
    code: 200,
    reason: 'base.success',
    msg: 'Success.',
    data: request.body,
  }));
  app.get('/answer/api/v1/test/crash', { config: { auth: 'none' } }, async () => {
    throw new Error('connection to db://admin:hunter2@10.0.0.5 refused');
  });
  app.get('/answer/api/v1/test/domain', { config: { auth: 'none' } }, async () => {
    throw new ApiFailure(400, 'error.object.disallow_vote_your_self', { errType: 'toast' });
  });
  app.get('/answer/api/v1/test/fields', { config: { auth: 'none' } }, async () => {
    throw ApiFailure.fields([{ field: 'e_mail', reason: 'error.email.duplicate' }]);
  });
  app.get('/answer/api/v1/test/forbidden', { config: { auth: 'none' } }, async () => {
    throw ApiFailure.forbidden('error.user.suspended', 'suspended');
  });
  return { app, lines };
}

describe('the error envelope', () => {
  it('wraps success as {code:200, reason:base.success, msg, data}', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      payload: { title: 'A good title' },
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res.body)).toEqual({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: { title: 'A good title' },
    });
  });

  it('turns one failed field into field errors whose message is also msg', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'POST', url: '/answer/api/v1/test/echo', payload: { title: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 400,
      reason: 'base.request_format_error',
      msg: 'Must be at least 6 characters.',
      data: [{ error_field: 'title', error_msg: 'Must be at least 6 characters.' }],
    });
  });

  it('lists every failed field, with the generic message as msg when several failed', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      payload: { e_mail: 'not-an-address', order: 'oldest', page: 0, role_id: 2 },
    });
    const body = envelope<Array<{ error_field: string; error_msg: string }>>(res.body);
    expect(res.statusCode).toBe(400);
    expect(body.msg).toBe('The request is not valid.');
    const byField = Object.fromEntries(body.data.map((f) => [f.error_field, f.error_msg]));
    expect(byField).toEqual({
      title: 'This field is required.',
      e_mail: 'Must be a valid email address.',
      order: 'Must be one of: newest, active.',
      page: 'Must be at least 1.',
      role_id: 'This field is not allowed.',
    });
  });

  it('translates field errors into the request language', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: { title: 'short' },
    });
    expect(envelope(res.body).msg).toBe('至少需要 6 个字符。');
  });

  it('answers malformed JSON with 400 base.request_format_error and data null', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 400,
      reason: 'base.request_format_error',
      msg: 'The request is not valid.',
      data: null,
    });
  });

  it('refuses a body over 1 MB with a 413 envelope', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res.body)).toMatchObject({ code: 413, reason: 'base.request_too_large', data: null });
  });

  it('refuses an unsupported content type with a 415 envelope', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<title/>',
    });
    expect(res.statusCode).toBe(415);
    expect(envelope(res.body)).toMatchObject({ code: 415, reason: 'base.unsupported_media_type' });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const { app } = await appWithFailingRoutes();
    for (const url of ['/answer/api/v1/no/such/thing', '/answer/admin/api/nothing', '/answer/other']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res.body), url).toEqual({ code: 404, reason: 'base.not_found', msg: '未找到。', data: null });
    }
    const del = await app.inject({ method: 'DELETE', url: '/answer/api/v1/siteinfo' });
    expect(envelope(del.body).reason).toBe('base.not_found');
  });

  it('hides the details of an unexpected error from the client and logs them', async () => {
    const { app, lines } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/answer/api/v1/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(envelope(res.body)).toEqual({
      code: 500,
      reason: 'base.unknown',
      msg: 'Something went wrong on our side. Please try again later.',
      data: null,
    });
    expect(res.body).not.toMatch(/hunter2|db:\/\/|stack|Error/);
    expect(lines.join('\n')).toContain('hunter2');
    const zh = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/test/crash',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(envelope(zh.body).msg).toBe('服务器出了点问题，请稍后再试。');
  });

  it('maps a domain failure with its status, reason, translated msg and err_type hint', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({ method: 'GET', url: '/answer/api/v1/test/domain' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 400,
      reason: 'error.object.disallow_vote_your_self',
      msg: "You can't vote for your own post.",
      data: { err_type: 'toast' },
    });
    const forbidden = await app.inject({ method: 'GET', url: '/answer/api/v1/test/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(envelope(forbidden.body)).toMatchObject({ reason: 'error.user.suspended', data: { type: 'suspended' } });
  });

  it('translates field failures raised by a service', async () => {
    const { app } = await appWithFailingRoutes();
    const res = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/test/fields',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(envelope(res.body)).toEqual({
      code: 400,
      reason: 'base.request_format_error',
      msg: '该邮箱地址已被使用。',
      data: [{ error_field: 'e_mail', error_msg: '该邮箱地址已被使用。' }],
    });
  });
});
