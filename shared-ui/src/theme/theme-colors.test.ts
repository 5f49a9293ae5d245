import { describe, expect, it } from 'vitest';
import { normalizeHex, readableTextOn, resolveNavbarColors } from './theme-colors';

describe('normalizeHex', () => {
  it('accepts 3- and 6-digit hex colours and rejects the rest', () => {
    expect(normalizeHex('#0033FF')).toBe('#0033ff');
    expect(normalizeHex(' #abc ')).toBe('#aabbcc');
    expect(normalizeHex('red')).toBeUndefined();
    expect(normalizeHex('#12345')).toBeUndefined();
    expect(normalizeHex(undefined)).toBeUndefined();
  });
});

describe('readableTextOn', () => {
  it('picks white on dark or saturated backgrounds and dark text on light ones', () => {
    expect(readableTextOn('#0033FF')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#1f1f1f');
    expect(readableTextOn('#ffeb3b')).toBe('#1f1f1f');
  });
});

describe('resolveNavbarColors (theme_config navbar_style)', () => {
  it("'colored' uses the primary colour with readable text", () => {
    expect(resolveNavbarColors('colored', '#0033ff')).toEqual({
      kind: 'colored',
      background: '#0033ff',
      foreground: '#ffffff',
      border: 'transparent',
    });
  });

  it("'light' is a white bar with dark text and a border", () => {
    const navbar = resolveNavbarColors('light', '#0033ff');
    expect(navbar.kind).toBe('light');
    expect(navbar.background).toBe('#ffffff');
    expect(navbar.foreground).toBe('#1f1f1f');
    expect(navbar.border).not.toBe('transparent');
  });

  it('a hex colour becomes the background with contrasting text', () => {
    expect(resolveNavbarColors('#F5F5F5', '#0033ff')).toMatchObject({
      kind: 'custom',
      background: '#f5f5f5',
      foreground: '#1f1f1f',
    });
    expect(resolveNavbarColors('#222', '#0033ff')).toMatchObject({
      kind: 'custom',
      background: '#222222',
      foreground: '#ffffff',
    });
  });

  it("falls back to 'colored' when missing or unknown", () => {
    expect(resolveNavbarColors(undefined, '#0033ff').kind).toBe('colored');
    expect(resolveNavbarColors('purple-ish', '#0033ff').kind).toBe('colored');
  });
});
