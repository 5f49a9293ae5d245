// Pure colour helpers behind the theme: no React, no antd, so they are cheap to test and to share.

/** The default primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#0033FF';

/** Dark text used on light surfaces (antd's default text colour, as an opaque hex). */
export const DARK_TEXT = '#1f1f1f';
export const LIGHT_TEXT = '#ffffff';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Accepts '#abc' or '#aabbcc'; returns the 6-digit lower-case form, or undefined when not a hex colour. */
export function normalizeHex(value: string | undefined | null): string | undefined {
  const v = value?.trim();
  if (!v || !HEX.test(v)) return undefined;
  if (v.length === 4) {
    const [, r, g, b] = v;
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return v.toLowerCase();
}

function channel(hex6: string, index: number): number {
  const c = parseInt(hex6.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a 6-digit hex colour. */
function luminance(hex6: string): number {
  return 0.2126 * channel(hex6, 0) + 0.7152 * channel(hex6, 1) + 0.0722 * channel(hex6, 2);
}

function contrast(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or dark text, whichever contrasts more with the given background. */
export function readableTextOn(background: string): string {
  const hex = normalizeHex(background);
  if (!hex) return LIGHT_TEXT;
  const bg = luminance(hex);
  return contrast(bg, 1) >= contrast(bg, luminance(DARK_TEXT)) ? LIGHT_TEXT : DARK_TEXT;
}

export type NavbarKind = 'colored' | 'light' | 'custom';

export interface NavbarColors {
  kind: NavbarKind;
  background: string;
  foreground: string;
  /** Border under the navbar: only the light navbar needs one to separate it from the page. */
  border: string;
}

/**
 * Answer's theme_config navbar_style: 'colored' (primary colour background), 'light' (white background)
 * or any hex colour. Anything else falls back to 'colored', the product default.
 */
export function resolveNavbarColors(navbarStyle: string | undefined, primaryColor: string): NavbarColors {
  const style = navbarStyle?.trim().toLowerCase();
  if (style === 'light') {
    return { kind: 'light', background: '#ffffff', foreground: DARK_TEXT, border: 'rgba(0, 0, 0, 0.08)' };
  }
  const custom = normalizeHex(style);
  if (custom) {
    return { kind: 'custom', background: custom, foreground: readableTextOn(custom), border: 'transparent' };
  }
  return { kind: 'colored', background: primaryColor, foreground: readableTextOn(primaryColor), border: 'transparent' };
}
