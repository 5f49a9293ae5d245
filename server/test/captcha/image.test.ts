import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaImage, normalizeAnswer, randomCaptchaText } from '../../src/modules/captcha/image';

describe('captcha text and image', () => {
  it('draws 4 or 5 characters, none of them easy to confuse', () => {
    const lengths = new Set<number>();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const text = randomCaptchaText();
      lengths.add(text.length);
      for (const ch of text) seen.add(ch);
      expect(text).toMatch(/^[A-Z0-9]{4,5}$/);
    }
    expect([...lengths].sort()).toEqual([4, 5]);
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
    for (const confusable of '0O1IL2Z5S8BUV') expect(CAPTCHA_ALPHABET).not.toContain(confusable);
  });

  it('compares answers without case and surrounding blanks', () => {
    expect(normalizeAnswer('  kX7w ')).toBe(normalizeAnswer('KX7W'));
  });

  it('renders a PNG data URL that decodes to a 300×100 picture, different each time', async () => {
    const a = await captchaImage('K7WX');
    const b = await captchaImage('K7WX');
    expect(a).not.toBe(b);
    const png = Buffer.from(a.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 300, height: 100 });
  });
});
