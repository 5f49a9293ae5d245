import { randomBytes } from 'node:crypto';
import type { SiteAdvanced, SiteInfo, SiteTheme } from '@agora/shared-api/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { multipart } from '../support/multipart';
import { writeSite, type WriteSite } from '../write/helpers';
import { expectRefused, put } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const THEME: SiteTheme = {
  theme: 'default',
  theme_config: { default: { navbar_style: 'light', primary_color: '#aa5500' } },
  color_scheme: 'dark',
  layout: 'Fixed-width',
};
const ADVANCED: SiteAdvanced = {
  max_image_size: 4,
  max_attachment_size: 8,
  max_image_megapixel: 40,
  authorized_image_extensions: ['jpg', 'jpeg', 'png', 'webp'],
  authorized_attachment_extensions: [],
};

/** An image of random pixels (so it does not compress): about width x height x 3 bytes as PNG. */
const noise = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();

describe.each(available)('theme, custom CSS/HTML and advanced settings on $label', (target) => {
  let s: WriteSite;
  beforeAll(async () => {
    s = await writeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });
  const upload = async (name: string, data: Buffer) =>
    s.call<string>({ method: 'POST', url: '/file', as: 'alice', ...multipart({ source: 'post' }, { name, data }) });

  it('theme: saved (colour upper-cased) and served by siteinfo; theme/options lists the themes', async () => {
    const saved = await put(s, '/siteinfo/theme', THEME);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      ...THEME,
      theme_config: { default: { navbar_style: 'light', primary_color: '#AA5500' } },
    });
    const info = (await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' })).body.data;
    expect(info.theme).toEqual(saved.body.data);
    const options = await s.admin({ method: 'GET', url: '/theme/options', as: 'admin' });
    expect(options.body.data).toEqual([{ label: 'Default', value: 'default' }]);
    // An empty colour is the default blue.
    const blank = await put<SiteTheme>(s, '/siteinfo/theme', {
      ...THEME,
      theme_config: { default: { navbar_style: 'colored', primary_color: '' } },
    });
    expect(blank.body.data.theme_config.default?.primary_color).toBe('#0033FF');
  });

  it('theme: each bad value is refused on its field', async () => {
    const url = '/siteinfo/theme';
    const config = (entry: object) => ({ theme_config: { default: { ...THEME.theme_config.default, ...entry } } });
    await expectRefused(s, url, THEME, config({ primary_color: 'blue' }), 'primary_color', /#RRGGBB/);
    await expectRefused(s, url, THEME, config({ primary_color: '#12345' }), 'primary_color');
    await expectRefused(s, url, THEME, config({ navbar_style: 'neon' }), 'navbar_style');
    await expectRefused(s, url, THEME, { theme: 'space' }, 'theme');
    await expectRefused(s, url, THEME, { color_scheme: 'sepia' }, 'color_scheme', /system, light, dark/);
    await expectRefused(s, url, THEME, { layout: 'Wide' }, 'layout');
  });

  it('custom CSS is served at /custom.css at once; a block over 65 536 characters is refused', async () => {
    const blocks = {
      custom_css: 'body { color: #123456; }',
      custom_head: '',
      custom_header: '<b>hi</b>',
      custom_footer: '',
      custom_sidebar: '',
    };
    expect((await put(s, '/siteinfo/custom-css-html', blocks)).status).toBe(200);
    const css = await s.app.inject({ method: 'GET', url: '/custom.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toBe('body { color: #123456; }');
    expect((await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' })).body.data.custom_css_html.custom_header).toBe(
      '<b>hi</b>',
    );
    await expectRefused(s, '/siteinfo/custom-css-html', blocks, { custom_footer: 'x'.repeat(65_537) }, 'custom_footer');
  });

  it('advanced: extensions cleaned; unknown or unsupported ones and bad numbers are refused', async () => {
    const saved = await put<SiteAdvanced>(s, '/siteinfo/advanced', {
      ...ADVANCED,
      authorized_image_extensions: ['.PNG', 'png', ' jpg '],
      authorized_attachment_extensions: ['PDF', '.zip'],
    });
    expect(saved.body.data).toMatchObject({
      authorized_image_extensions: ['png', 'jpg'],
      authorized_attachment_extensions: ['pdf', 'zip'],
    });
    const url = '/siteinfo/advanced';
    await expectRefused(
      s,
      url,
      ADVANCED,
      { authorized_image_extensions: ['gif'] },
      'authorized_image_extensions',
      /gif/,
    );
    await expectRefused(s, url, ADVANCED, { authorized_image_extensions: [] }, 'authorized_image_extensions');
    await expectRefused(
      s,
      url,
      ADVANCED,
      { authorized_attachment_extensions: ['ta r'] },
      'authorized_attachment_extensions',
    );
    await expectRefused(s, url, ADVANCED, { max_image_size: 0 }, 'max_image_size');
    await expectRefused(s, url, ADVANCED, { max_image_megapixel: 1001 }, 'max_image_megapixel');
    await expectRefused(s, url, ADVANCED, { max_attachment_size: 1.5 }, 'max_attachment_size');
  });

  it('advanced: the upload route obeys the size, megapixel and extension limits at once', async () => {
    const big = await noise(700, 700);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload('big.png', big)).status).toBe(200);
    await put(s, '/siteinfo/advanced', { ...ADVANCED, max_image_size: 1 });
    const tooBig = await upload('big.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('File size cannot exceed 1 MB.');

    const wide = await noise(1200, 1000, 'jpeg');
    expect((await upload('wide.jpg', wide)).status).toBe(200);
    await put(s, '/siteinfo/advanced', { ...ADVANCED, max_image_megapixel: 1 });
    const tooWide = await upload('wide.jpg', wide);
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.reason).toBe('error.upload.too_many_pixels');

    await put(s, '/siteinfo/advanced', { ...ADVANCED, authorized_image_extensions: ['png'] });
    const small = await noise(20, 20, 'jpeg');
    for (const name of ['photo.jpg', 'photo']) {
      const refused = await upload(name, small);
      expect(refused.status, name).toBe(400);
      expect(refused.body.reason).toBe('error.upload.extension_not_allowed');
      expect(refused.body.msg).toBe('This file type is not allowed. Allowed: png.');
    }
    expect((await upload('dot.png', await noise(20, 20))).status).toBe(200);
    await put(s, '/siteinfo/advanced', ADVANCED);
  });
});
