import type { ColorScheme } from '@agora/shared-ui';
import type { SiteInfo } from '@agora/shared-api';
import { useEffect, useState } from 'react';
import { CUSTOM_HEAD_DELAY_MS, insertCustomHead } from './custom-head';

/** Marks the <link> elements the site's settings put in <head>. */
export const SITE_LINK_ATTR = 'data-agora-site';

/** A short, stable fingerprint of a text (FNV-1a), so a changed stylesheet gets a new URL. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Sets (or, with no href, removes) the one <link> of this kind that the settings own. */
function setHeadLink(kind: string, attributes: Record<string, string> | null): void {
  const existing = document.head.querySelector<HTMLLinkElement>(`link[${SITE_LINK_ATTR}="${kind}"]`);
  if (!attributes) {
    existing?.remove();
    return;
  }
  const link = existing ?? document.createElement('link');
  link.setAttribute(SITE_LINK_ATTR, kind);
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  if (!existing) document.head.appendChild(link);
}

/** The favicon: the branding setting's, else index.html's own; and the square icon for home screens. */
function useFavicon(favicon: string | undefined, squareIcon: string | undefined) {
  useEffect(() => {
    let icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.appendChild(icon);
    }
    // The page's own icon is remembered once, to come back to when the setting is cleared.
    icon.dataset.defaultHref ??= icon.getAttribute('href') ?? '';
    icon.dataset.defaultType ??= icon.getAttribute('type') ?? '';
    const href = favicon || icon.dataset.defaultHref;
    const type = favicon ? '' : icon.dataset.defaultType;
    icon.setAttribute('href', href);
    if (type) icon.setAttribute('type', type);
    else icon.removeAttribute('type');
    setHeadLink('square-icon', squareIcon ? { rel: 'apple-touch-icon', href: squareIcon } : null);
  }, [favicon, squareIcon]);
}

/**
 * The document-wide effects of the site's settings, outside React's tree: the colour scheme on <html>,
 * the title until a page sets one, the favicon and square icon, the custom stylesheet (served by the
 * server at /custom.css; its URL changes with its content, so a changed setting shows on the next load)
 * and the administrator's head HTML, inserted once, one second after the app started.
 */
export function SiteDocument({ site, colorScheme }: { site: SiteInfo | undefined; colorScheme: ColorScheme }) {
  const [started] = useState(() => Date.now());
  // index.html's own title, replaced by the site's name until a page sets its own.
  const [staticTitle] = useState(() => document.title);
  const name = site?.general.name;
  const customCss = site?.custom_css_html.custom_css ?? '';
  const customHead = site?.custom_css_html.custom_head ?? '';

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.colorScheme = colorScheme;
    document.head.querySelector('meta[name="color-scheme"]')?.setAttribute('content', colorScheme);
  }, [colorScheme]);

  useEffect(() => {
    if (name && document.title === staticTitle) document.title = name;
  }, [name, staticTitle]);

  // The favicon falls back to the square icon, then to the page's own icon.
  const squareIcon = site?.branding.square_icon || undefined;
  const favicon = site?.branding.favicon;
  // The server's /favicon.ico answers the favicon setting (a 32 px PNG of an upload, or the hosted image);
  // its URL changes with the setting so that browsers fetch the new one.
  useFavicon(favicon ? `/favicon.ico?v=${fingerprint(favicon)}` : squareIcon, squareIcon);

  useEffect(() => {
    const css = customCss.trim() ? { rel: 'stylesheet', href: `/custom.css?v=${fingerprint(customCss)}` } : null;
    setHeadLink('custom-css', css);
  }, [customCss]);

  useEffect(() => {
    if (!customHead.trim()) return;
    const timer = setTimeout(
      () => insertCustomHead(customHead),
      Math.max(0, started + CUSTOM_HEAD_DELAY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [customHead, started]);

  return null;
}
