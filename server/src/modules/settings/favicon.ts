import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PIXELS } from '../upload/images';

/** The favicon the server makes of an uploaded image: a square PNG of this many pixels. */
export const FAVICON_SIZE = 32;

// sharp (native, large) loads on the first favicon, not at start-up.
const loadSharp = async () => (await import('sharp')).default;

/**
 * The file of an upload of this site named by a branding value: `/uploads/...`, or the absolute URL
 * the upload route answers (`<site_url>/uploads/...`). Null for anything else (another host's image)
 * and for paths that would leave the uploads directory.
 */
export function uploadFileOf(value: string, siteUrl: string, dataDir: string): string | null {
  const base = siteUrl.replace(/\/+$/, '');
  let relative: string | null = null;
  if (value.startsWith('/uploads/')) relative = value.slice('/uploads/'.length);
  else if (base && value.startsWith(`${base}/uploads/`)) relative = value.slice(`${base}/uploads/`.length);
  if (relative === null) return null;
  relative = relative.split(/[?#]/)[0] ?? '';
  const root = path.resolve(dataDir, 'uploads');
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** A FAVICON_SIZE square PNG of an image file (contained, transparent margins). Throws when it is no image. */
export async function makeFavicon(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(await readFile(file), { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .resize(FAVICON_SIZE, FAVICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** The last favicon made, by source file: every process makes its own on first request. */
export class FaviconCache {
  #entry: { file: string; png: Promise<Buffer> } | undefined;

  get(file: string): Promise<Buffer> {
    if (this.#entry?.file !== file) {
      const png = makeFavicon(file);
      this.#entry = { file, png };
      // A failure is not kept: the next request tries again (the file may be back).
      png.catch(() => {
        if (this.#entry?.png === png) this.#entry = undefined;
      });
    }
    return this.#entry.png;
  }
}
