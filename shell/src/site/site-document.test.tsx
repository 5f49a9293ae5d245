import type { SiteInfo } from '@agora/shared-api';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteInfo } from '../test/fixtures';
import { CUSTOM_HEAD_ATTR } from './custom-head';
import { SiteDocument, SITE_LINK_ATTR } from './site-document';

function site(overrides: {
  branding?: Partial<SiteInfo['branding']>;
  custom?: Partial<SiteInfo['custom_css_html']>;
  name?: string;
}): SiteInfo {
  const base = siteInfo();
  return {
    ...base,
    general: { ...base.general, name: overrides.name ?? base.general.name },
    branding: { ...base.branding, ...overrides.branding },
    custom_css_html: { ...base.custom_css_html, ...overrides.custom },
  };
}

const customCssLink = () => document.head.querySelector(`link[${SITE_LINK_ATTR}="custom-css"]`);
const icon = () => document.head.querySelector('link[rel="icon"]');

beforeEach(() => {
  document.head.innerHTML =
    '<meta name="color-scheme" content="light"><title>Agora</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  document.title = 'Agora';
});
afterEach(() => {
  vi.useRealTimers();
  (globalThis as { customHeadRuns?: number }).customHeadRuns = undefined;
});

describe('SiteDocument', () => {
  it('puts the colour scheme on <html> and its color-scheme meta', () => {
    const { rerender } = render(<SiteDocument site={site({})} colorScheme="dark" />);
    expect(document.documentElement.dataset.colorScheme).toBe('dark');
    expect(document.head.querySelector('meta[name="color-scheme"]')).toHaveAttribute('content', 'dark');
    rerender(<SiteDocument site={site({})} colorScheme="light" />);
    expect(document.documentElement.dataset.colorScheme).toBe('light');
  });

  it("titles the document with the site's name until a page sets its own", () => {
    const { rerender } = render(<SiteDocument site={site({ name: 'Ask Us' })} colorScheme="light" />);
    expect(document.title).toBe('Ask Us');
    document.title = 'A question - Ask Us';
    rerender(<SiteDocument site={site({ name: 'Ask Us' })} colorScheme="light" />);
    expect(document.title).toBe('A question - Ask Us');
  });

  it('links the favicon and square icon from branding, and the page’s own icon without them', () => {
    const branding = { favicon: '/uploads/branding/fav.png', square_icon: '/uploads/branding/square.png' };
    const { rerender } = render(<SiteDocument site={site({ branding })} colorScheme="light" />);
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    // The server's resized favicon, at a URL that changes with the setting.
    expect(icon()?.getAttribute('href')).toMatch(/^\/favicon\.ico\?v=\w+$/);
    expect(icon()).not.toHaveAttribute('type');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/uploads/branding/square.png',
    );
    rerender(<SiteDocument site={site({ branding: { square_icon: '/sq.png' } })} colorScheme="light" />);
    expect(icon()).toHaveAttribute('href', '/sq.png');
    rerender(<SiteDocument site={site({})} colorScheme="light" />);
    expect(icon()).toHaveAttribute('href', '/favicon.svg');
    expect(icon()).toHaveAttribute('type', 'image/svg+xml');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).toBeNull();
  });

  it('links /custom.css when there is custom CSS, with a URL that changes with it', () => {
    const { rerender } = render(<SiteDocument site={site({})} colorScheme="light" />);
    expect(customCssLink()).toBeNull();
    rerender(<SiteDocument site={site({ custom: { custom_css: 'body { color: red }' } })} colorScheme="light" />);
    const first = customCssLink()?.getAttribute('href');
    expect(customCssLink()).toHaveAttribute('rel', 'stylesheet');
    expect(first).toMatch(/^\/custom\.css\?v=\w+$/);
    rerender(<SiteDocument site={site({ custom: { custom_css: 'body { color: blue }' } })} colorScheme="light" />);
    expect(customCssLink()?.getAttribute('href')).not.toBe(first);
    expect(document.head.querySelectorAll(`link[${SITE_LINK_ATTR}="custom-css"]`)).toHaveLength(1);
    rerender(<SiteDocument site={site({ custom: { custom_css: '' } })} colorScheme="light" />);
    expect(customCssLink()).toBeNull();
  });

  it('inserts the custom head one second after start, once, with runnable scripts', () => {
    vi.useFakeTimers();
    const head = '<meta name="x-owner" content="admin"><script>globalThis.customHeadRuns = 1</script>';
    const { rerender, unmount } = render(
      <SiteDocument site={site({ custom: { custom_head: head } })} colorScheme="light" />,
    );
    vi.advanceTimersByTime(999);
    expect(document.head.querySelector('meta[name="x-owner"]')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.head.querySelector('meta[name="x-owner"]')).toHaveAttribute(CUSTOM_HEAD_ATTR);
    const script = document.head.querySelector(`script[${CUSTOM_HEAD_ATTR}]`) as HTMLScriptElement;
    expect(script.text).toBe('globalThis.customHeadRuns = 1');
    rerender(<SiteDocument site={site({ custom: { custom_head: head } })} colorScheme="dark" />);
    unmount();
    render(<SiteDocument site={site({ custom: { custom_head: head } })} colorScheme="light" />);
    vi.advanceTimersByTime(2000);
    expect(document.head.querySelectorAll('meta[name="x-owner"]')).toHaveLength(1);
    expect(document.head.querySelectorAll(`script[${CUSTOM_HEAD_ATTR}]`)).toHaveLength(1);
  });

  it('inserts at once a custom head that arrives after the first second', () => {
    vi.useFakeTimers();
    const { rerender } = render(<SiteDocument site={undefined} colorScheme="light" />);
    vi.advanceTimersByTime(1500);
    rerender(
      <SiteDocument site={site({ custom: { custom_head: '<meta name="late" content="1">' } })} colorScheme="light" />,
    );
    vi.advanceTimersByTime(0);
    expect(document.head.querySelector('meta[name="late"]')).not.toBeNull();
  });
});
