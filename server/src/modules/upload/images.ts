// sharp (native, large) loads on the first upload, not at start-up.
const loadSharp = async () => (await import('sharp')).default;

/** Uploads accept jpeg, jpg, png and webp, at most 4 MB. */
export const IMAGE_EXTENSIONS: Record<ImageFormat, readonly string[]> = {
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  webp: ['.webp'],
};
export type ImageFormat = 'jpeg' | 'png' | 'webp';
const MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Decompression-bomb guard (at most 40 MP, as a fresh install seeds it; the advanced settings may
 * change it per site): larger images are refused before decoding.
 */
export const MAX_PIXELS = 40_000_000;
/** Avatars are stored as squares of this size. */
export const AVATAR_SIZE = 256;

export type ImageProblem = 'only_image' | 'too_many_pixels';

export class ImageError extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem) {
    super(problem);
    this.problem = problem;
  }
}

export interface ProcessedImage {
  data: Buffer;
  format: ImageFormat;
  mime: string;
  ext: string;
}

export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/**
 * Checks an uploaded file and re-encodes it: the type is decided by the
 * content (sharp reads the header; only JPEG, PNG and WebP pass), a file name extension, when there
 * is one, must agree with it; images above MAX_PIXELS are refused before any pixel is decoded. The
 * output is a fresh encoding without metadata (EXIF, GPS, ICC comments are dropped; the EXIF
 * orientation is applied first). Avatars become AVATAR_SIZE squares (cover crop).
 */
export async function processImage(
  input: Buffer,
  filename: string,
  options: { avatar: boolean; maxPixels?: number },
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? MAX_PIXELS;
  const sharp = await loadSharp();
  let format: ImageFormat;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw new ImageError('only_image');
    format = meta.format;
    if (!meta.width || !meta.height) throw new ImageError('only_image');
    // Only the first frame of an animated WebP is decoded, so one frame is what counts.
    if (meta.width * meta.height > maxPixels) throw new ImageError('too_many_pixels');
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError('only_image');
  }
  const ext = extensionOf(filename);
  if (ext && !IMAGE_EXTENSIONS[format].includes(ext)) throw new ImageError('only_image');

  let pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
  if (options.avatar) pipeline = pipeline.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' });
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality: 85 });
  else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
  else pipeline = pipeline.webp({ quality: 85 });
  let data: Buffer;
  try {
    data = await pipeline.toBuffer();
  } catch {
    // Truncated or corrupt data behind a valid header.
    throw new ImageError('only_image');
  }
  return { data, format, mime: MIME[format], ext: IMAGE_EXTENSIONS[format][0]! };
}
