import { describe, expect, it } from 'vitest';
import { makeApp, testConfig } from './helpers';

function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('sends the CSP and the baseline headers on pages, files, API answers, 404s and 500s', async () => {
    const app = await makeApp();
    app.get('/answer/api/v1/test/crash', { config: { auth: 'none' } }, async () => {
      throw new Error('boom');
    });
    for (const url of [
      '/',
      '/questions',
      '/main.0123abcd.js',
      '/remotes/mf_qa/remoteEntry.js',
      '/answer/api/v1/siteinfo',
      '/answer/api/v1/nothing',
      '/answer/api/v1/test/crash',
      '/remotes.json',
      '/healthz',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('allows only the site itself, plus configured remote origins, to run scripts', async () => {
    const app = await makeApp();
    const csp = directives((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.example.com']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('adds the origin of an absolute plugin entry and drops it when the plugin is disabled', async () => {
    const plugin = {
      slug_name: 'ext',
      name: 'plugin_ext',
      module: './Plugin',
      entry: 'http://127.0.0.1:4010/mf-manifest.json',
    };
    const on = await makeApp(testConfig({ remotes: [], plugins: [plugin] }));
    const onCsp = directives((await on.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(onCsp['script-src']).toEqual(["'self'", 'http://127.0.0.1:4010']);
    const off = await makeApp(testConfig({ remotes: [], plugins: [{ ...plugin, enabled: false }] }));
    const offCsp = directives((await off.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(offCsp['script-src']).toEqual(["'self'"]);
  });

  it('marks API answers and errors as not cacheable', async () => {
    const app = await makeApp();
    for (const url of [
      '/answer/api/v1/siteinfo',
      '/answer/api/v1/user/info',
      '/answer/api/v1/nothing',
      '/answer/api/v1/notification/status',
    ]) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('methods', () => {
  it('refuses TRACE with 405, an Allow header and a translated envelope', async () => {
    const app = await makeApp();
    for (const url of ['/', '/answer/api/v1/siteinfo']) {
      const res = await app.inject({ method: 'TRACE', url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(res.json()).toMatchObject({ code: 405, reason: 'base.method_not_allowed', msg: '不允许使用此请求方法。' });
    }
  });
});
