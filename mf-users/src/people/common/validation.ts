// Profile and password rules and their limits (lengths count code points).

export const NAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export const BIO_MAX = 4096;
export const WEBSITE_MAX = 500;
export const LOCATION_MAX = 100;
/** Image upload limit; avatar formats. */
export const AVATAR_MAX_BYTES = 4 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.webp'] as const;

export const lengthOf = (value: string) => Array.from(value).length;

/** Only a-z, 0-9, space, hyphen, period, underscore (letters in either case). */
export const hasNameCharacters = (value: string) => /^[A-Za-z0-9 ._-]+$/.test(value);

export function isWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** 'only_image' when the file is not a jpeg/jpg/png/webp picture, 'max_size' above 4 MB, else null. */
export function avatarFileProblem(file: File): 'only_image' | 'max_size' | null {
  const name = file.name.toLowerCase();
  const typeOk = (AVATAR_TYPES as readonly string[]).includes(file.type);
  const extensionOk = AVATAR_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk || !extensionOk) return 'only_image';
  if (file.size > AVATAR_MAX_BYTES) return 'max_size';
  return null;
}
