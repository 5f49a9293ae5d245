import type { ImageRejection } from './types';

/** An uploaded image is at most 4 MB. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** The image types an upload may have (jpeg, jpg, png, webp). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const;

/** For <input type="file" accept>: the MIME types and the extensions. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/**
 * Why a file may not be uploaded as an image, or null when it may. Both the declared type and the name's
 * extension must say jpeg/jpg/png/webp (a pasted image without a name, `image.png` from the clipboard, has
 * one). This is a courtesy check: the server looks at the content itself.
 */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): ImageRejection | null {
  const type = file.type.toLowerCase();
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const typeOk = (IMAGE_MIME_TYPES as readonly string[]).includes(type);
  const extensionOk = (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk || !extensionOk) return 'only_image';
  if (file.size > MAX_IMAGE_BYTES) return 'max_size';
  return null;
}
