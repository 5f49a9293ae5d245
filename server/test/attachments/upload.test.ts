import { randomBytes } from 'node:crypto';
import type { SiteAdvanced } from '@agora/shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { put } from '../admin-settings/helpers';
import { testDatabases } from '../db/databases';
import { multipart } from '../support/multipart';
import { questionBody, writeSite, type Person, type WriteSite } from '../write/helpers';

/**
 * File attachments in posts: POST file with source post_attachment takes the extensions and the size
 * the administrator set (siteinfo/advanced), refuses the rest with a reason, counts the file as the
 * member's upload, and /uploads serves it only as a download.
 */
const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const ADVANCED: SiteAdvanced = {
  max_image_size: 1,
  max_attachment_size: 2,
  max_image_megapixel: 40,
  authorized_image_extensions: ['jpg', 'jpeg', 'png', 'webp'],
  authorized_attachment_extensions: ['pdf', 'txt', 'html'],
};
const MB = 1024 * 1024;

describe.each(available)('post attachments on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const attach = (name: string, data: Buffer, as: Person = 'alice', source = 'post_attachment') =>
    s.call<string>({ method: 'POST', url: '/file', as, ...multipart({ source }, { name, data }) });
  /** GET of an uploaded file's URL (its path below the site), as someone or a visitor. */
  const download = (url: string, as?: Person) =>
    s.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: as ? { authorization: as } : {},
    });
  const advanced = async (change: Partial<SiteAdvanced>) =>
    expect((await put(s, '/siteinfo/advanced', { ...ADVANCED, ...change })).status).toBe(200);

  it('is refused while the administrator allows no extension (a fresh site)', async () => {
    const refused = await attach('notes.pdf', Buffer.from('%PDF-1.4 notes'));
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.upload.attachments_disabled');
    expect(refused.body.msg).toBe('This site does not accept file attachments.');
  });

  it('an allowed file is stored as sent, counted as the member’s upload, and served as a download', async () => {
    await advanced({});
    const data = Buffer.from('%PDF-1.4 the quarterly report');
    const saved = await attach('Quarterly report (final).pdf', data);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatch(/\/uploads\/files\/post\/[0-9a-f]{24}\/Quarterly-report-final\.pdf$/);
    const row = await s.db
      .selectFrom('upload')
      .select(['user_id', 'source', 'size'])
      .where('path', '=', new URL(saved.body.data).pathname.replace('/uploads/', ''))
      .executeTakeFirstOrThrow();
    expect({ ...row, user_id: Number(row.user_id), size: Number(row.size) }).toEqual({
      user_id: 11,
      source: 'post_attachment',
      size: data.length,
    });

    const got = await download(saved.body.data, 'alice');
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-disposition']).toBe('attachment; filename="Quarterly-report-final.pdf"');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // Nobody else fetches a draft's file until a post shows it.
    expect((await download(saved.body.data)).statusCode).toBe(404);
    const asked = await s.call<{ id: string }>({
      method: 'POST',
      url: '/question',
      as: 'alice',
      payload: questionBody({ content: `The figures are in [the report](${saved.body.data}), page two.` }),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await download(saved.body.data)).statusCode).toBe(200);
  });

  it('HTML or SVG content never runs: it is a download of opaque bytes in a sandbox', async () => {
    const saved = await attach('page.html', Buffer.from('<html><script>alert(document.cookie)</script></html>'));
    expect(saved.status).toBe(200);
    const got = await download(saved.body.data, 'alice');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('another extension, or none, is refused with the allowed list', async () => {
    for (const name of ['setup.exe', 'drawing.svg', 'README', 'report.pdf.exe']) {
      const refused = await attach(name, Buffer.from('MZ binary'));
      expect(refused.status, name).toBe(400);
      expect(refused.body.reason).toBe('error.upload.extension_not_allowed');
      expect(refused.body.msg).toBe('This file type is not allowed. Allowed: pdf, txt, html.');
    }
  });

  it('a file above the attachment size is refused; images keep their own limit', async () => {
    const tooBig = await attach('big.txt', Buffer.alloc(2 * MB + 1, 'a'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.reason).toBe('error.upload.max_size');
    expect(tooBig.body.msg).toBe('File size cannot exceed 2 MB.');
    expect((await attach('fits.txt', Buffer.alloc(2 * MB, 'a'))).status).toBe(200);
    // An image between the image limit (1 MB) and the attachment limit (2 MB) is still too big.
    const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MB);
    const image = await attach('noise.png', noise, 'alice', 'post');
    expect(image.status).toBe(413);
    expect(image.body.msg).toBe('File size cannot exceed 1 MB.');
  });

  it('switched off again: refused again', async () => {
    await advanced({ authorized_attachment_extensions: [] });
    expect((await attach('notes.pdf', Buffer.from('%PDF'))).body.reason).toBe('error.upload.attachments_disabled');
  });
});
