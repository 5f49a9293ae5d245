import { useCallback } from 'react';
import { useSharedUiTranslation } from '../i18n/register';

/**
 * External images behind a click (so a post cannot track its readers; site setting
 * `security.external_content_display = ask_before_display`).
 *
 * The server's sanitized HTML may still show images from other hosts; loading one tells that host who
 * reads the post. gateExternalImages rewrites the HTML STRING in an inert document (DOMParser: nothing is
 * fetched, nothing runs) before anyone inserts it into the page: each image whose src or srcset leaves
 * the site becomes a button "Show image from {host}" that keeps the address in data attributes; only a
 * click on it (revealExternalImage) creates the <img>. Own-origin and site-relative images (/uploads/…)
 * and inline data:image/(png|gif|jpeg|webp) stay as they are; any other scheme loses the image (its alt
 * text stays). Other fetching attributes (poster, background, media sources) to other hosts are removed.
 */

export type ExternalImagesMode = 'show' | 'ask';

export const EXTERNAL_IMAGE_CLASS = 'agora-external-image';

const INLINE_IMAGE = /^data:image\/(?:png|gif|jpeg|webp)[;,]/i;

/** The origins that count as the site itself: `siteOrigin` (the site URL) and the page's own origin. */
function ownOrigins(siteOrigin: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const candidate of [siteOrigin, globalThis.location?.origin]) {
    if (!candidate) continue;
    try {
      const origin = new URL(candidate).origin;
      if (origin !== 'null') origins.add(origin);
    } catch {
      // Not a URL: ignored.
    }
  }
  return origins;
}

type UrlKind = 'own' | 'inline' | 'external' | 'refused';

function classify(raw: string, base: string, own: Set<string>): UrlKind {
  // Browsers drop tabs and newlines anywhere in a URL, and spaces at its ends.
  const url = raw.replace(/[\t\n\r]/g, '').trim();
  if (INLINE_IMAGE.test(url)) return 'inline';
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return 'refused';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'refused';
  return own.has(parsed.origin) ? 'own' : 'external';
}

/** The URLs of a srcset value (each candidate's first token). */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(/,\s+|,$/)
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** The host shown on the button ("Show image from cdn.example"). */
function hostOf(url: string, base: string): string {
  try {
    return new URL(url.trim(), base).host;
  } catch {
    return url;
  }
}

/** Elements other than <img> that fetch what their attributes name. */
const FETCHING_ATTRIBUTES = ['src', 'srcset', 'poster', 'data', 'background'] as const;

/**
 * Rewrites `html` so that no image from another origin is fetched until the reader asks for it.
 * `siteOrigin`: the site URL (siteinfo general.site_url); the page's origin always counts as own.
 * `label(host)`: the button text. Without DOMParser (server rendering) the HTML comes back unchanged
 * only if it has no <img>; otherwise every image is dropped to its alt text.
 */
export function gateExternalImages(
  html: string,
  siteOrigin?: string,
  label: (host: string) => string = (host) => `Show image from ${host}`,
): string {
  if (!html.includes('<')) return html;
  const own = ownOrigins(siteOrigin);
  const base = [...own][0] ?? 'https://invalid.invalid';
  if (typeof DOMParser === 'undefined') return html.replace(/<img\b[^>]*>/gi, '');
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');

  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    const srcset = img.getAttribute('srcset') ?? '';
    const urls = [src, ...srcsetUrls(srcset)].filter(Boolean);
    const kinds = urls.map((url) => classify(url, base, own));
    if (kinds.every((kind) => kind === 'own' || kind === 'inline')) continue;
    const alt = img.getAttribute('alt') ?? '';
    const title = img.getAttribute('title') ?? '';
    const revealable = classify(src, base, own) === 'external' || classify(src, base, own) === 'own';
    if (!revealable) {
      // No address a reader could be asked about: the alt text stays.
      img.replaceWith(doc.createTextNode(alt));
      continue;
    }
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = EXTERNAL_IMAGE_CLASS;
    button.setAttribute('data-src', src.trim());
    const safeSrcset = srcsetUrls(srcset).every((url) => {
      const kind = classify(url, base, own);
      return kind === 'own' || kind === 'external';
    });
    if (srcset && safeSrcset) button.setAttribute('data-srcset', srcset);
    if (alt) button.setAttribute('data-alt', alt);
    if (title) button.setAttribute('data-title', title);
    const firstExternal = urls.find((url) => classify(url, base, own) === 'external') ?? src;
    button.textContent = label(hostOf(firstExternal, base));
    if (alt) button.title = alt;
    img.replaceWith(button);
  }

  // Defence in depth (the server's allowlist has none of these): other elements that would fetch.
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const name of FETCHING_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null || element.tagName === 'BUTTON') continue;
      const urls = name === 'srcset' ? srcsetUrls(value) : [value];
      // data:image/… is inline (nothing fetched); everything not on the site goes.
      if (urls.some((url) => !['own', 'inline'].includes(classify(url, base, own)))) element.removeAttribute(name);
    }
    if (/url\s*\(|image-set|@import/i.test(element.getAttribute('style') ?? '')) element.removeAttribute('style');
  }
  return doc.body.innerHTML;
}

/**
 * Click handler for a container of gated HTML: a click on a "Show image" button puts the image in its
 * place (only http(s) addresses). Returns whether it revealed one.
 */
export function revealExternalImage(event: { target: EventTarget | null }): boolean {
  const target = event.target as Element | null;
  const button = target?.closest?.(`button.${EXTERNAL_IMAGE_CLASS}`);
  if (!button) return false;
  const src = button.getAttribute('data-src') ?? '';
  if (!/^https?:\/\//i.test(src) && !src.startsWith('/')) return false;
  const img = button.ownerDocument.createElement('img');
  img.src = src;
  const srcset = button.getAttribute('data-srcset');
  if (srcset) img.srcset = srcset;
  img.alt = button.getAttribute('data-alt') ?? '';
  const title = button.getAttribute('data-title');
  if (title) img.title = title;
  img.tabIndex = -1;
  button.replaceWith(img);
  img.focus();
  return true;
}

/**
 * The gate with the translated button text: `(html) => html` unchanged when `mode` is 'show'.
 * Memoize the result with the html (useMemo) so React inserts the same string on re-renders.
 */
export function useExternalImageGate(mode: ExternalImagesMode, siteOrigin?: string): (html: string) => string {
  const { t } = useSharedUiTranslation();
  return useCallback(
    (html: string) =>
      mode === 'ask' ? gateExternalImages(html, siteOrigin, (host) => t('editor.show_external_image', { host })) : html,
    [mode, siteOrigin, t],
  );
}
