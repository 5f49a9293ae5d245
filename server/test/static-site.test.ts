import { existsSync, mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, wantsShell } from '../src/plugins/static-site';
import { envelope, makeApp, shellIn, testConfig } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('cache headers', () => {
  it.each([
    ['/index.html', 'no-store'],
    ['/mf-manifest.json', 'no-store'],
    ['/remotes/mf_qa/mf-manifest.json', 'no-store'],
    ['/remotes/mf_qa/remoteEntry.js', 'no-store'],
    ['/plugins/hello/remoteEntry.js', 'no-store'],
    ['/plugins/hello/mf-manifest.json', 'no-store'],
    ['/main.0123abcd.js', IMMUTABLE],
    ['/77.89abcdef.css', IMMUTABLE],
    ['/remotes/mf_qa/123.fedcba98.js', IMMUTABLE],
    ['/favicon.svg', 'no-cache'],
    ['/logo.png', 'no-cache'],
    ['/remotes/mf_qa/locales/en.txt', 'no-cache'],
  ])('%s -> %s', async (url, expected) => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(expected);
  });

  it('never serves source maps', async () => {
    const app = await makeApp();
    for (const url of ['/main.0123abcd.js.map', '/remotes/mf_qa/123.fedcba98.js.map']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"version":3');
    }
  });

  it('serves the shell for / and deep links with no-store', async () => {
    const app = await makeApp();
    for (const url of ['/', '/questions/10010000000000001/some-title', '/admin/hello/settings']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      // The home page's head describes it (modules/pages); a question that does not exist, nothing.
      if (url === '/') expect(res.body).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/" \/>/);
      else expect(res.body, url).toBe(shellIn('en-US'));
    }
  });

  it('names content-hashed files only when the hash is 8 hex digits before the extension', () => {
    expect(cacheControlFor('/x/chunk.1234abcd.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/chunk.1234abcz.js')).toBe('no-cache');
    expect(cacheControlFor('/x/chunk.12345.js')).toBe('no-cache');
    expect(cacheControlFor('/x/remoteEntry.js')).toBe('no-store');
  });
});

describe('SPA fallback', () => {
  it('answers page paths with the shell, including names with dots', async () => {
    const app = await makeApp();
    for (const url of ['/users/jane.doe', '/tags/node.js-help?x=1', '/install', '/maintenance', '/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shellIn('en-US'));
    }
    const head = await app.inject({ method: 'HEAD', url: '/questions' });
    expect(head.statusCode).toBe(200);
  });

  it('never answers API, installer, remote or plugin paths, or missing files, with the shell', async () => {
    const app = await makeApp();
    for (const url of [
      '/answer/api/v1/nothing',
      '/answer/nothing',
      '/installation/language/options',
      '/remotes/mf_qa/missing.js',
      '/remotes/unknown/mf-manifest.json',
      '/plugins/hello/missing',
      '/plugins/nope/',
      '/remotes/mf_qa/',
      '/remotes/mf_qa',
      '/missing.js',
      '/assets/app.css',
      '/logo-missing.png',
      '/.env',
      '/remotes/mf_qa/../../shell/.env',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
      expect(envelope(res.body).reason, url).toBe('base.not_found');
    }
  });

  it('does not serve pages for other methods', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'POST', url: '/questions', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('decides by method, prefix and file extension', () => {
    expect(wantsShell('GET', '/users/a.b')).toBe(true);
    expect(wantsShell('GET', '/installation')).toBe(false);
    expect(wantsShell('GET', '/x/y.woff2')).toBe(false);
    expect(wantsShell('DELETE', '/questions')).toBe(false);
    expect(wantsShell('GET', '/.git/config')).toBe(true);
    expect(wantsShell('GET', '/.htaccess')).toBe(false);
  });

  it('says the site is not built when the shell is missing', async () => {
    const config = testConfig();
    rmSync(path.join(config.shellDir, 'index.html'));
    const app = await makeApp(config);
    for (const url of ['/', '/questions']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.body, url).toMatch(/not been built/);
    }
  });
});

describe('remotes and plugins', () => {
  it('serves remote and plugin files cross-origin readable', async () => {
    const app = await makeApp();
    for (const url of ['/remotes/mf_qa/mf-manifest.json', '/plugins/hello/remoteEntry.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const shellFile = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(shellFile.headers['access-control-allow-origin']).toBeUndefined();
    expect(shellFile.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('does not serve a disabled plugin', async () => {
    const config = testConfig();
    config.plugins = config.plugins.map((p) => ({ ...p, enabled: false }));
    const app = await makeApp(config);
    expect((await app.inject({ method: 'GET', url: '/plugins/hello/remoteEntry.js' })).statusCode).toBe(404);
  });

  it('serves a file replaced on disk fresh, without a restart', async () => {
    const config = testConfig();
    const app = await makeApp(config);
    const manifest = path.join(config.remotes[0]!.dir!, 'mf-manifest.json');
    const before = await app.inject({ method: 'GET', url: '/remotes/mf_qa/mf-manifest.json' });
    expect(JSON.parse(before.body)).toEqual({ id: 'mf_qa', version: 1 });

    writeFileSync(manifest, JSON.stringify({ id: 'mf_qa', version: 2, note: 'redeployed' }));
    const later = new Date(statSync(manifest).mtimeMs + 5_000);
    utimesSync(manifest, later, later);
    const after = await app.inject({ method: 'GET', url: '/remotes/mf_qa/mf-manifest.json' });
    expect(JSON.parse(after.body)).toEqual({ id: 'mf_qa', version: 2, note: 'redeployed' });
    expect(after.headers.etag).not.toBe(before.headers.etag);

    // A revalidation with the old ETag gets the new file, not a 304.
    const revalidated = await app.inject({
      method: 'GET',
      url: '/remotes/mf_qa/mf-manifest.json',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);

    // A new chunk that did not exist at start-up is served too.
    writeFileSync(path.join(config.remotes[0]!.dir!, '999.aaaabbbb.js'), 'newChunk();');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/mf_qa/999.aaaabbbb.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('newChunk();');
  });
});

describe('compression', () => {
  it('sends brotli or gzip for text files when the client accepts it', async () => {
    const app = await makeApp();
    const plain = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    const br = await app.inject({
      method: 'GET',
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses API answers over the threshold too', async () => {
    const app = await makeApp();
    const res = await app.inject({
      method: 'GET',
      url: '/answer/api/v1/siteinfo',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).reason).toBe('base.success');
  });

  it('leaves already-compressed images alone', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url: '/logo.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('uploads', () => {
  it('serves files from <dataDir>/uploads as inert content, and 404s a missing one', async () => {
    const config = testConfig();
    const dir = path.join(config.dataDir, 'uploads', 'post');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a1b2c3d4e5f6.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
    writeFileSync(path.join(dir, 'evil.html'), '<script>alert(1)</script>');
    const app = await makeApp(config);

    const image = await app.inject({ method: 'GET', url: '/uploads/post/a1b2c3d4e5f6.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    const html = await app.inject({ method: 'GET', url: '/uploads/post/evil.html' });
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");

    const missing = await app.inject({ method: 'GET', url: '/uploads/post/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('the uploads folder', () => {
  it('a fresh data directory gets its uploads folder at start-up, with no warning', async () => {
    const config = testConfig({ logLevel: 'warn' });
    const uploads = path.join(config.dataDir, 'uploads');
    expect(existsSync(uploads)).toBe(false);
    const lines: string[] = [];
    const app = await makeApp(config, {}, { logStream: { write: (line) => lines.push(line) } });
    await app.ready();
    expect(statSync(uploads).isDirectory()).toBe(true);
    expect(lines.filter((line) => line.includes('"level":40'))).toEqual([]);
    writeFileSync(path.join(uploads, 'note.txt'), 'kept');
    // Served from there (an upload no row names is public, as the branding files are).
    const res = await app.inject({ method: 'GET', url: '/uploads/note.txt' });
    expect([res.statusCode, res.body]).toEqual([200, 'kept']);
  });
});
