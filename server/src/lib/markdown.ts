import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown written by members (bios; later posts) -> HTML that is safe to put into a page.
 * Two layers: markdown-it with `html: false` (raw HTML in the source is shown as text, never parsed)
 * and its own link validation, then sanitize-html with an allowlist of tags, attributes and URL
 * schemes (http, https, mailto; relative URLs), so nothing executable survives even if the renderer
 * had a bug. Links get rel="nofollow ugc noopener"; images must be http(s) or site-relative.
 */

const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

// markdown-it already refuses javascript:, vbscript:, file: and most data: links; refuse every data:
// link too (also images), looking through control characters and whitespace a browser would ignore.
md.validateLink = (url: string) => {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return !/^(?:javascript|vbscript|data|file):/.test(compact);
};

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'b',
  'i',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow ugc noopener' },
    }),
  },
};

/** Sanitizes HTML with the member-content allowlist (idempotent: sanitizing twice changes nothing). */
export function sanitizeMemberHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Renders member markdown to sanitized HTML ('' for blank input). */
export function renderMarkdown(source: string): string {
  if (source.trim() === '') return '';
  return sanitizeMemberHtml(md.render(source)).trim();
}

// ---------------------------------------------------------------------------------------------
// Posts (questions, answers): the same two layers with a wider markdown dialect.
//
// Dialect: CommonMark + tables, strikethrough (~~s~~), fenced code (<code class="language-x">),
// autolinks (<https://…>, bare http(s):// URLs and e-mail addresses; no "fuzzy" domains, so
// `setup.py` stays text) and task-list items (`- [ ] a`, `- [x] b` -> ☐ / ☑ in <li
// class="task-list-item">; no <input>). Raw HTML in the source is never markup: it is shown as text
// (Answer lets a few tags through; this site prefers one predictable rule). `@name` stays text.
// URLs: links http, https, mailto or relative (not protocol-relative, no backslashes, no other
// scheme); images http(s) or the site's own `/uploads/…`. An image whose URL is refused is shown
// as its alt text; with external images switched off, a foreign image becomes a link to it.
// ---------------------------------------------------------------------------------------------

/** Which URLs a post may point to; `image` is narrower than `link`. */
export type UrlUse = 'link' | 'image';

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/**
 * Whether a URL (as a browser would read it from an attribute, entities already decoded) is one a
 * post may carry. Looks through what URL parsers ignore (tabs and newlines anywhere, control
 * characters and spaces at the ends) so `java\tscript:` counts as `javascript:`.
 */
export function isAllowedPostUrl(url: string, use: UrlUse): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // eslint-disable-next-line no-control-regex
  if (compact === '' || /[\u0000-\u001f\u007f\\]/.test(compact)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return (use === 'image' ? IMAGE_SCHEMES : LINK_SCHEMES).has(scheme[1]!.toLowerCase());
  // No scheme: a colon before the first / ? # would make some parser read one; refuse it.
  if (/^[^/?#]*:/.test(compact)) return false;
  if (compact.startsWith('//')) return false;
  if (use === 'link') return true;
  return compact.startsWith('/uploads/') && !/(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i.test(compact);
}

const postMd = new MarkdownIt('default', { html: false, linkify: true, breaks: false, typographer: false });
postMd.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
postMd.validateLink = (url: string) => isAllowedPostUrl(url, 'link');

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/** A token attribute as a string ('' when absent). */
function attr(token: Token, name: string): string {
  const value = token.attrGet(name);
  return value === null ? '' : String(value);
}

// Table alignment as the `align` attribute: markdown-it writes `style`, which the sanitizer drops.
postMd.core.ruler.push('agora_table_align', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = /^text-align:(left|right|center)$/.exec(attr(token, 'style'));
    token.attrs = align ? [['align', align[1]!]] : null;
  }
});

// `- [ ] a` / `- [x] b`: a ballot-box character instead of a form control.
postMd.core.ruler.push('agora_task_list', (state) => {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.type !== 'list_item_open') continue;
    const inline: Token | undefined = tokens[i + 1]!.type === 'paragraph_open' ? tokens[i + 2] : undefined;
    const first = inline?.type === 'inline' ? inline.children?.[0] : undefined;
    if (!first || first.type !== 'text') continue;
    const box = /^\[([ xX])\](?: |$)/.exec(first.content);
    if (!box) continue;
    first.content = `${box[1] === ' ' ? '\u2610' : '\u2611'}${first.content.slice(3)}`;
    tokens[i]!.attrJoin('class', 'task-list-item');
  }
});

/** How images to other hosts are treated (the `external_content_display` setting). */
export interface PostRenderOptions {
  /** false: an image on another host becomes a link to it (default true: shown). */
  externalImages?: boolean;
  /** The site's own URL: `<siteUrl>/uploads/…` images count as local. */
  siteUrl?: string;
}

/** What the renderer rules read from markdown-it's `env`. */
interface RenderEnv {
  options: PostRenderOptions;
}

function isLocalUpload(src: string, siteUrl: string | undefined): boolean {
  if (src.startsWith('/uploads/')) return true;
  if (!siteUrl) return false;
  const base = siteUrl.replace(/\/+$/, '');
  return src.startsWith(`${base}/uploads/`);
}

postMd.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const renderOptions = (env as Partial<RenderEnv> | undefined)?.options ?? {};
  const src = attr(token, 'src');
  const title = attr(token, 'title');
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const external = !isLocalUpload(src, renderOptions.siteUrl);
  const shown = isAllowedPostUrl(src, 'image') && (!external || renderOptions.externalImages !== false);
  if (shown) {
    token.attrs = title
      ? [
          ['src', src],
          ['alt', alt],
          ['title', title],
        ]
      : [
          ['src', src],
          ['alt', alt],
        ];
    return self.renderToken(tokens, idx, options);
  }
  const text = postMd.utils.escapeHtml(alt || src);
  if (!isAllowedPostUrl(src, 'link')) return text;
  return `<a href="${postMd.utils.escapeHtml(src)}">${text}</a>`;
};

const POST_SANITIZE: sanitizeHtml.IOptions = {
  ...SANITIZE,
  allowedAttributes: {
    ...(SANITIZE.allowedAttributes as Record<string, string[]>),
    li: ['class'],
  },
  allowedClasses: { code: [/^language-[\w#+.-]{1,40}$/], li: ['task-list-item'] },
  transformTags: {
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = { ...attribs, rel: 'nofollow ugc noopener' };
      if (kept.href !== undefined && !isAllowedPostUrl(kept.href, 'link')) delete kept.href;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = { ...attribs };
      if (kept.src !== undefined && !isAllowedPostUrl(kept.src, 'image')) delete kept.src;
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused above is dropped altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitizes HTML with the post allowlist (idempotent: sanitizing twice changes nothing). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POST_SANITIZE);
}

/** Renders a post's markdown to sanitized HTML ('' for blank input). Client-sent HTML is never used. */
export function renderPostHtml(source: string, options: PostRenderOptions = {}): string {
  if (source.trim() === '') return '';
  return sanitizePostHtml(postMd.render(source, { options })).trim();
}
