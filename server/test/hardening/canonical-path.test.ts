import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkPath } from '../../src/lib/canonical-path';
import { envelope, makeApp } from '../helpers';

describe('checkPath', () => {
  it.each([
    '/',
    '/answer/api/v1/question/page',
    '/questions/10010000000000001/what-is-x',
    '/tags/c%2B%2B',
    '/tags/%E4%B8%AD%E6%96%87',
    '/users/jane.doe',
    '/questions/',
  ])('keeps %s as it is', (path) => {
    expect(checkPath(path)).toEqual({ kind: 'canonical' });
  });

  it.each([
    ['/answer/%61dmin/api/users/page', '/answer/admin/api/users/page'],
    ['/%61nswer/api/v1/x', '/answer/api/v1/x'],
    ['/answer/api/v1/siteinf%6F', '/answer/api/v1/siteinfo'],
    ['/questions//1', '/questions/1'],
    ['//questions', '/questions'],
    ['/a/./b', '/a/b'],
    ['/a/x/../b', '/a/b'],
    ['/a/%2e%2e/b', '/b'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['//evil.com/%2e', '/evil.com'],
    ['/users/%7Ejane', '/users/~jane'],
  ])('names %s by its canonical path %s', (path, canonical) => {
    expect(checkPath(path)).toEqual({ kind: 'equivalent', canonical });
  });

  it.each([
    'http://localhost/answer/api/v1/x',
    '*',
    '/answer/admin/api/users%2Fpage',
    '/answer/admin/api/users%2fpage',
    '/uploads/post%5Cx.png',
    '/a%00b',
    '/a;b',
    '/answer/api/v1/question/page;jsessionid=1',
    '/a\\b',
    '/a%zz',
    '/a%4',
    '/a b',
    '/caf\u00e9',
  ])('finds no canonical form for %s', (path) => {
    expect(checkPath(path).kind).toBe('refused');
  });
});

/** One request over a real socket with exactly this request-target (light-my-request would normalise it). */
function send(
  port: number,
  method: string,
  path: string,
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ...(res.headers.location ? { location: res.headers.location } : {}),
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A site listening on a loopback port (closed after the test by makeApp's cleanup). */
async function listening(): Promise<{ app: FastifyInstance; port: number }> {
  const app = await makeApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

describe('the routing plugin', () => {
  it('refuses every other spelling of an API path with 400 base.path_not_canonical, translated', async () => {
    const { app, port } = await listening();
    for (const path of [
      '/answer/%61dmin/api/users/page',
      '/%61nswer/admin/api/users/page',
      '/answer/admin/%61pi/users/page',
      '//answer/admin/api/users/page',
      '/answer/admin/api/x/../users/page',
      '/answer/admin/api/users;x=1/page',
      '/answer/admin/api/users%2Fpage',
      'http://127.0.0.1/answer/admin/api/users/page',
    ]) {
      const res = await send(port, 'GET', path);
      expect(res.status, path).toBe(400);
      expect(envelope(res.body).reason, path).toBe('base.path_not_canonical');
    }
    const zh = await app.inject({ url: '/answer/api/v1/siteinf%6F', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.statusCode).toBe(400);
    expect(envelope(zh.body).msg).toMatch(/地址/);
  });

  it('never redirects an API write, and refuses it before the route runs', async () => {
    const { port } = await listening();
    const res = await send(port, 'POST', '/answer/api/v1/user/login/%65mail');
    expect(res.status).toBe(400);
    expect(envelope(res.body).reason).toBe('base.path_not_canonical');
  });

  it('redirects another spelling of a page or file to its canonical path, inside the site', async () => {
    const { port } = await listening();
    expect(await send(port, 'GET', '/%71uestions?page=2')).toMatchObject({
      status: 301,
      location: '/questions?page=2',
    });
    expect(await send(port, 'GET', '//evil.example/%2e')).toMatchObject({ status: 301, location: '/evil.example' });
    expect(await send(port, 'HEAD', '/%75ploads/post/x.png')).toMatchObject({
      status: 301,
      location: '/uploads/post/x.png',
    });
    // A page write has no canonical twin to be sent to.
    expect((await send(port, 'POST', '/%71uestions')).status).toBe(400);
  });

  it('serves nothing under a reserved first segment in another letter case', async () => {
    const { port } = await listening();
    for (const path of ['/ANSWER/admin/api/users/page', '/Answer/api/v1/siteinfo', '/Uploads/post/x.png']) {
      const res = await send(port, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(envelope(res.body).reason).toBe('base.not_found');
    }
  });

  it('answers the canonical paths as before', async () => {
    const { port } = await listening();
    expect((await send(port, 'GET', '/answer/admin/api/users/page')).status).toBe(401);
    expect((await send(port, 'GET', '/answer/api/v1/siteinfo')).status).toBe(200);
    expect((await send(port, 'GET', '/questions')).status).toBe(200);
    expect((await send(port, 'GET', '/answer/api/v1/no/such/route')).status).toBe(404);
  });
});

describe('auth levels', () => {
  it('refuses to register an API route that does not declare who may call it', async () => {
    const app = await makeApp();
    expect(() => app.get('/answer/api/v1/test/undeclared', async () => null)).toThrow(/does not declare config.auth/);
    expect(() => app.get('/installation/test/undeclared', async () => null)).toThrow(/does not declare config.auth/);
    expect(() => app.get('/answer/admin/api/test/weak', { config: { auth: 'login' } }, async () => null)).toThrow(
      /config.auth = 'admin'/,
    );
    // Outside the APIs a route needs no level (files, pages, /healthz).
    expect(() => app.get('/test/page', async () => null)).not.toThrow();
  });
});
