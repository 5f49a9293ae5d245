import { describe, expect, it } from 'vitest';
import { checkImageFile, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image-file';

function file(name: string, type: string, size = 1000): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('checkImageFile', () => {
  it('accepts jpeg, jpg, png and webp files up to 4 MB', () => {
    expect(checkImageFile(file('a.jpeg', 'image/jpeg'))).toBeNull();
    expect(checkImageFile(file('a.JPG', 'image/jpeg'))).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png'))).toBeNull();
    expect(checkImageFile(file('a.webp', 'image/webp', MAX_IMAGE_BYTES))).toBeNull();
  });

  it("refuses other types with 'only_image', by MIME type and by extension", () => {
    expect(checkImageFile(file('a.gif', 'image/gif'))).toBe('only_image');
    expect(checkImageFile(file('a.svg', 'image/svg+xml'))).toBe('only_image');
    expect(checkImageFile(file('a.pdf', 'application/pdf'))).toBe('only_image');
    // A name that lies about the type, or a type that lies about the name.
    expect(checkImageFile(file('a.png', 'text/html'))).toBe('only_image');
    expect(checkImageFile(file('a.html', 'image/png'))).toBe('only_image');
    expect(checkImageFile(file('png', 'image/png'))).toBe('only_image');
    expect(checkImageFile(file('a.png', ''))).toBe('only_image');
  });

  it("refuses files above 4 MB with 'max_size'", () => {
    expect(checkImageFile(file('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe('max_size');
    expect(MAX_IMAGE_BYTES).toBe(4 * 1024 * 1024);
  });

  it('checks the type before the size', () => {
    expect(checkImageFile(file('a.gif', 'image/gif', MAX_IMAGE_BYTES * 2))).toBe('only_image');
  });

  it('offers the same types to the file picker', () => {
    expect(IMAGE_ACCEPT.split(',')).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      '.jpeg',
      '.jpg',
      '.png',
      '.webp',
    ]);
  });
});
