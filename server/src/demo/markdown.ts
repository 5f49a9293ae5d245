/**
 * The sample posts are built as a tiny document model and written out twice: as the markdown an
 * author would have typed (original_text) and as the HTML a markdown renderer makes of it
 * (parsed_text). Every piece of text is escaped for its target, so nothing in a sample post is
 * markup by accident.
 */

export type Inline =
  | string
  | { code: string }
  | { strong: string }
  | { em: string }
  | { link: string; href: string }
  /** An @mention: `[@Display Name](/u/username)` in markdown. */
  | { mention: string; username: string };

export type Block =
  | { p: Inline[] }
  | { code: string; lang?: string }
  | { ul: Inline[][] }
  | { ol: Inline[][] }
  | { quote: Inline[] }
  | { h: string };

export type Doc = Block[];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Backslash-escapes the characters markdown would read as emphasis, links, code or HTML. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);
}

function codeSpan(code: string): string {
  const fence = code.includes('`') ? '``' : '`';
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

function inlineMarkdown(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeMarkdown(part);
      if ('code' in part) return codeSpan(part.code);
      if ('strong' in part) return `**${escapeMarkdown(part.strong)}**`;
      if ('em' in part) return `*${escapeMarkdown(part.em)}*`;
      if ('mention' in part) return `[@${escapeMarkdown(part.mention)}](/u/${part.username})`;
      return `[${escapeMarkdown(part.link)}](${part.href})`;
    })
    .join('');
}

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if ('code' in part) return `<code>${escapeHtml(part.code)}</code>`;
      if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      if ('em' in part) return `<em>${escapeHtml(part.em)}</em>`;
      if ('mention' in part) return `<a href="/u/${escapeHtml(part.username)}">@${escapeHtml(part.mention)}</a>`;
      return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.link)}</a>`;
    })
    .join('');
}

function fenceFor(code: string): string {
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return fence;
}

export function toMarkdown(doc: Doc): string {
  return doc
    .map((block) => {
      if ('p' in block) return inlineMarkdown(block.p);
      if ('h' in block) return `### ${escapeMarkdown(block.h)}`;
      if ('quote' in block) return `> ${inlineMarkdown(block.quote)}`;
      if ('ul' in block) return block.ul.map((item) => `- ${inlineMarkdown(item)}`).join('\n');
      if ('ol' in block) return block.ol.map((item, i) => `${i + 1}. ${inlineMarkdown(item)}`).join('\n');
      const fence = fenceFor(block.code);
      return `${fence}${block.lang ?? ''}\n${block.code}\n${fence}`;
    })
    .join('\n\n');
}

export function toHtml(doc: Doc): string {
  return doc
    .map((block) => {
      if ('p' in block) return `<p>${inlineHtml(block.p)}</p>`;
      if ('h' in block) return `<h3>${escapeHtml(block.h)}</h3>`;
      if ('quote' in block) return `<blockquote>\n<p>${inlineHtml(block.quote)}</p>\n</blockquote>`;
      if ('ul' in block) return `<ul>\n${block.ul.map((item) => `<li>${inlineHtml(item)}</li>`).join('\n')}\n</ul>`;
      if ('ol' in block) return `<ol>\n${block.ol.map((item) => `<li>${inlineHtml(item)}</li>`).join('\n')}\n</ol>`;
      const cls = block.lang ? ` class="language-${escapeHtml(block.lang)}"` : '';
      return `<pre><code${cls}>${escapeHtml(block.code)}\n</code></pre>`;
    })
    .join('\n');
}
