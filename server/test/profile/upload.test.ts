import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { multipart } from '../support/multipart';
import { profileSite, type ProfileSite } from './helpers';

// Uploads are files on disk; one database is enough (the upload rows are plain inserts).
const { available } = await testDatabases();
const sqlite = available.filter((d) => d.type === 'sqlite3');
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const V1 = '/answer/api/v1';
const SITE = 'https://qa.example.com';

/** A PNG/JPEG carrying EXIF (copyright and a GPS-like note) that must not survive. */
async function photo(format: 'png' | 'jpeg', width = 600, height = 400): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } }).withExif({
    IFD0: { Copyright: 'EXIF-CANARY', ImageDescription: 'GPS 38.7223 -9.1393' },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A valid tiny PNG whose header claims width x height (a decompression bomb's header). */
async function bombHeader(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); CRC covers type + data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe.each(sqlite)('POST file on $label', (target) => {
  let s: ProfileSite;
  let member: string;
  let other: string;
  let memberId: number;

  beforeAll(async () => {
    process.env.AGORA_RATE_LIMITS = 'off';
    s = await profileSite(target, { demo: false });
    delete process.env.AGORA_RATE_LIMITS;
    for (const [username, email] of [
      ['uma', 'uma@example.com'],
      ['otto', 'otto@example.com'],
    ]) {
      await s.accounts.createUser({ username: username!, email: email!, password: 'upload-pass-1', mailStatus: 1 });
    }
    memberId = Number(
      (await s.db.selectFrom('user').select('id').where('username', '=', 'uma').executeTakeFirstOrThrow()).id,
    );
    const login = async (email: string) => {
      const outcome = await s.accounts.loginWithEmail(email, 'upload-pass-1');
      if (outcome.kind !== 'ok') throw new Error('login failed');
      return outcome.token;
    };
    member = await login('uma@example.com');
    other = await login('otto@example.com');
  });
  afterAll(async () => {
    await s?.close();
  });

  const upload = (token: string | undefined, fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
    const body = multipart(fields, file);
    return s.call<string | null>({ method: 'POST', url: `${V1}/file`, token, ...body });
  };
  const fileOf = (url: string) => path.join(s.dataDir, 'uploads', url.slice(`${SITE}/uploads/`.length));

  it('stores an avatar as a 256×256 square without its EXIF, records it and serves it inertly', async () => {
    const original = await photo('png');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(member, { source: 'avatar' }, { name: 'me.png', data: original });
    expect(res.status).toBe(200);
    const url = res.body.data!;
    expect(url).toMatch(/^https:\/\/qa\.example\.com\/uploads\/avatar\/[0-9a-f]{24}\.png$/);
    const stored = readFileSync(fileOf(url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('EXIF-CANARY'))).toBe(false);
    const row = await s.db.selectFrom('upload').selectAll().where('user_id', '=', memberId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'avatar', mime: 'image/png', size: stored.length });
    expect(url.endsWith(row.path)).toBe(true);

    const served = await s.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('re-encodes a post image (JPEG) at its size, GPS/EXIF gone', async () => {
    const original = await photo('jpeg', 320, 200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(member, { source: 'post' }, { name: 'holiday.JPG', data: original });
    expect(res.status).toBe(200);
    const stored = readFileSync(fileOf(res.body.data!));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS 38.7223'))).toBe(false);
    expect(res.body.data).toMatch(/\/uploads\/post\/[0-9a-f]{24}\.jpg$/);
  });

  it.each([
    ['a text file named .png', 'notes.png', Buffer.from('just some text, not an image\n'.repeat(20))],
    ['HTML named .jpg', 'page.jpg', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
  ])('refuses %s: only_image', async (_label, name, data) => {
    const res = await upload(member, { source: 'post' }, { name, data });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      reason: 'error.upload.only_image',
      msg: 'Only image files are allowed (JPEG, PNG or WebP).',
    });
  });

  it('refuses an image whose name says another type (a PNG named .jpg) and a GIF', async () => {
    const png = await photo('png', 20, 20);
    expect((await upload(member, { source: 'post' }, { name: 'x.jpg', data: png })).body.reason).toBe(
      'error.upload.only_image',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await upload(member, { source: 'post' }, { name: 'x.gif', data: gif })).body.reason).toBe(
      'error.upload.only_image',
    );
    // No extension at all (a pasted blob): the content decides.
    expect((await upload(member, { source: 'post' }, { name: 'blob', data: png })).status).toBe(200);
  });

  it('refuses files over 4 MB with max_size while streaming', async () => {
    const big = Buffer.concat([await photo('png', 10, 10), Buffer.alloc(4 * 1024 * 1024 + 10, 1)]);
    const res = await upload(member, { source: 'post' }, { name: 'big.png', data: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ reason: 'error.upload.max_size', msg: 'File size cannot exceed 4 MB.' });
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    const started = Date.now();
    const res = await upload(member, { source: 'post' }, { name: 'bomb.png', data: await bombHeader(30_000, 30_000) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      reason: 'error.upload.too_many_pixels',
      msg: 'This image is too large: at most 40 megapixels.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('checks the source, the login and the branding right', async () => {
    const png = await photo('png', 16, 16);
    expect((await upload(member, { source: 'avatar_big' }, { name: 'a.png', data: png })).body.reason).toBe(
      'error.upload.source_unsupported',
    );
    expect((await upload(member, {}, { name: 'a.png', data: png })).body.reason).toBe(
      'error.upload.source_unsupported',
    );
    expect((await upload(member, { source: 'post' })).body.reason).toBe('error.upload.file_missing');
    expect((await upload(undefined, { source: 'post' }, { name: 'a.png', data: png })).status).toBe(401);
    expect((await upload(member, { source: 'branding' }, { name: 'a.png', data: png })).status).toBe(403);
    const admin = await s.token(ADMIN.email);
    const branding = await upload(admin, { source: 'branding' }, { name: 'logo.png', data: png });
    expect(branding.status).toBe(200);
    expect(branding.body.data).toMatch(/\/uploads\/branding\/[0-9a-f]{24}\.png$/);
    const json = await s.call({ method: 'POST', url: `${V1}/file`, token: member, payload: { source: 'post' } });
    expect(json.status).toBe(400);
  });

  it('a custom avatar must be an avatar upload of the same member', async () => {
    const mine = (await upload(member, { source: 'avatar' }, { name: 'a.webp', data: await photo('png', 64, 64) }))
      .body;
    // A PNG named .webp: refused (the name disagrees with the content).
    expect(mine.reason).toBe('error.upload.only_image');
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0af' } })
      .webp()
      .toBuffer();
    const own = (await upload(member, { source: 'avatar' }, { name: 'a.webp', data: webp })).body.data!;
    expect(own).toMatch(/\.webp$/);
    const theirs = (await upload(other, { source: 'avatar' }, { name: 'o.png', data: await photo('png') })).body.data!;
    const post = (await upload(member, { source: 'post' }, { name: 'p.png', data: await photo('png') })).body.data!;
    const put = (custom: string) =>
      s.call({
        method: 'PUT',
        url: `${V1}/user/info`,
        token: member,
        payload: { display_name: 'Uma', username: 'uma', avatar: { type: 'custom', custom } },
      });
    for (const bad of [theirs, post, `${SITE}/uploads/avatar/../post/x.png`, 'javascript:alert(1)']) {
      const res = await put(bad);
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ error_field: 'avatar', error_msg: 'Please upload an avatar.' }]);
    }
    expect((await put(own)).status).toBe(200);
    const profile = await s.call<{ avatar: string }>({ method: 'GET', url: `${V1}/personal/user/info?username=uma` });
    expect(profile.body.data.avatar).toBe(own);
    expect(existsSync(fileOf(own))).toBe(true);
  });
});
