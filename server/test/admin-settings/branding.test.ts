import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteInfo } from '@agora/shared-api/contract';
import type { SiteSettings } from '../../src/modules/settings/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { multipart } from '../support/multipart';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, put } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const EMPTY: SiteSettings['branding'] = { logo: '', mobile_logo: '', square_icon: '', favicon: '' };

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(data.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe.each(available)('branding settings and the favicon on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** An admin's branding upload: the absolute URL the upload route answers. */
  const uploadBranding = async (data: Buffer, name = 'icon.png') => {
    const reply = await s.call<string>({
      method: 'POST',
      url: '/file',
      as: 'admin',
      ...multipart({ source: 'branding' }, { name, data }),
    });
    expect(reply.status).toBe(200);
    return reply.body.data;
  };

  it('an uploaded favicon is served at /favicon.ico as a 32x32 PNG', async () => {
    const image = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const url = await uploadBranding(image, 'icon.jpg');
    expect(url).toMatch(/^https:\/\/qa\.example\.com\/uploads\/branding\/[0-9a-f]+\.jpg$/);
    const saved = await put<SiteSettings['branding']>(s, '/siteinfo/branding', {
      ...EMPTY,
      favicon: url,
      logo: '/uploads/branding/logo.png',
    });
    expect(saved.status).toBe(200);
    expect((await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' })).body.data.branding.favicon).toBe(url);
    const icon = await s.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(pngSize(icon.rawPayload)).toEqual({ width: 32, height: 32 });
    // The site-relative path of the same upload works as well.
    const relative = new URL(url).pathname;
    expect((await put(s, '/siteinfo/branding', { ...EMPTY, favicon: relative })).status).toBe(200);
    expect(pngSize((await s.app.inject({ method: 'GET', url: '/favicon.ico' })).rawPayload)).toEqual({
      width: 32,
      height: 32,
    });
  });

  it('a favicon elsewhere is a redirect; none is the shell icon', async () => {
    await put(s, '/siteinfo/branding', { ...EMPTY, favicon: 'https://cdn.example.com/icon.png' });
    const away = await s.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('https://cdn.example.com/icon.png');
    await put(s, '/siteinfo/branding', EMPTY);
    expect((await s.app.inject({ method: 'GET', url: '/favicon.ico' })).headers.location).toBe('/favicon.svg');
  });

  it('refuses values that are neither an upload path nor an http(s) URL, and unreadable favicons', async () => {
    const url = '/siteinfo/branding';
    await expectRefused(s, url, EMPTY, { logo: 'javascript:alert(1)' }, 'logo', /uploaded image or an http/);
    await expectRefused(s, url, EMPTY, { mobile_logo: '//evil.example.com/x.png' }, 'mobile_logo');
    await expectRefused(s, url, EMPTY, { square_icon: `https://cdn.example.com/${'a'.repeat(512)}` }, 'square_icon');
    await expectRefused(s, url, EMPTY, { favicon: '/uploads/../config.json' }, 'favicon');
    await expectRefused(s, url, EMPTY, { favicon: '/uploads/branding/missing.png' }, 'favicon', /favicon/);
    const fake = path.join(s.config.dataDir, 'uploads', 'branding', 'fake.png');
    mkdirSync(path.dirname(fake), { recursive: true });
    writeFileSync(fake, 'not an image');
    await expectRefused(s, url, EMPTY, { favicon: '/uploads/branding/fake.png' }, 'favicon', /favicon/);
  });
});
