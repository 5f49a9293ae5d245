import { escapeHtml } from '../../lib/plain-text-html';
import { withLanguage } from '../../lib/shell-document';

/** What a page's HTML says about it before any script runs: for search engines, link previews, readers. */
export interface PageHead {
  /** The document title, `{title} - {site name}` as the shell writes it. */
  title: string;
  description: string;
  /** The page's one address (the permalink setting's form for questions). */
  canonical: string;
  /** Open Graph type: a question is an article, lists and profiles are websites. */
  type: 'website' | 'article' | 'profile';
  siteName: string;
  /** BCP 47 language of the site (`en-US`), the `lang` of the document. */
  lang: string;
  /** The previous and next page of a paged list. */
  prev?: string;
  next?: string;
  /** Structured data (QAPage on question pages), serialised into a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
}

/** Meta descriptions are cut here: what search engines show of one. */
export const DESCRIPTION_MAX = 160;

/**
 * JSON for an inline script: `<`, `>`, `&` and the two line separators JavaScript refuses in strings
 * written as escapes, so no text of a member can close the script element or start markup.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags that go into <head>, every value escaped. */
export function headTags(head: PageHead): string {
  const x = escapeHtml;
  const meta = (name: string, content: string) => `<meta name="${name}" content="${x(content)}" />`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${x(content)}" />`;
  const tags = [
    meta('description', head.description),
    `<link rel="canonical" href="${x(head.canonical)}" />`,
    ...(head.prev ? [`<link rel="prev" href="${x(head.prev)}" />`] : []),
    ...(head.next ? [`<link rel="next" href="${x(head.next)}" />`] : []),
    property('og:type', head.type),
    property('og:site_name', head.siteName),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.canonical),
    property('og:locale', head.lang.replace('-', '_')),
    meta('twitter:card', 'summary'),
    meta('twitter:title', head.title),
    meta('twitter:description', head.description),
    ...(head.jsonLd ? [`<script type="application/ld+json">${inlineJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}

const TITLE = /<title>[^<]*<\/title>/;

/**
 * The shell's HTML with a page's head: its language, its title (in place of the template's, or added),
 * then the tags above before </head>; anything else is left as built.
 */
export function withHead(html: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const titled = TITLE.test(html) ? html.replace(TITLE, title) : html.replace('</head>', `${title}</head>`);
  return withLanguage(titled, head.lang).replace('</head>', `    ${headTags(head)}\n  </head>`);
}
