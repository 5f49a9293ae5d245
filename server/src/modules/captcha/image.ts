import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

/** svg-captcha's main export renders a given text (its typings only declare the helpers). */
type RenderSvg = (text: string, options?: Record<string, unknown>) => string;
// svg-captcha and sharp load with the first captcha, not at start-up.
let renderSvg: RenderSvg | undefined;
const loadSharp = async () => (await import('sharp')).default;

/**
 * Characters a captcha is made of: upper-case letters and digits that are hard to mistake for one
 * another (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V, ...). Answers are compared case-insensitively.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY34679';

/** 4 or 5 characters from CAPTCHA_ALPHABET, drawn with the CSPRNG. */
export function randomCaptchaText(): string {
  const length = randomInt(4, 6);
  let text = '';
  for (let i = 0; i < length; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** How answers are compared: surrounding blanks dropped, case folded. */
export function normalizeAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/**
 * The captcha image of `text` as a PNG data URL: svg-captcha draws the characters as paths (with
 * noise lines, random colours and slants), sharp rasterises the SVG at twice its size.
 */
export async function captchaImage(text: string): Promise<string> {
  renderSvg ??= createRequire(import.meta.url)('svg-captcha') as RenderSvg;
  const sharp = await loadSharp();
  const svg = renderSvg(text, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 52,
    noise: 3,
    color: true,
    background: '#f5f5f5',
  });
  const png = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
