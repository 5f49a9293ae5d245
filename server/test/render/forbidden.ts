import { parseFragment } from 'parse5';

/** Elements a post may contain: exactly what the markdown dialect produces. */
const ALLOWED_ELEMENTS = new Set([
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
]);
/** Elements that must never survive rendering, checked by name as well (in case the allowlist above ever grows). */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'style',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'foreignobject',
  'frame',
  'frameset',
  'template',
  'textarea',
  'button',
  'select',
  'video',
  'audio',
  'source',
]);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'rel']),
  img: new Set(['src', 'alt', 'title']),
  ol: new Set(['start']),
  th: new Set(['align']),
  td: new Set(['align']),
  code: new Set(['class']),
  li: new Set(['class']),
};
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'background', 'poster']);

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

/** The scheme a browser would see in a URL attribute (tabs/newlines dropped, ends trimmed), or ''. */
export function schemeOf(url: string): string {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase() ?? '';
}

/**
 * Every problem parse5 (a browser's HTML parser) finds in `html`: an element or attribute outside
 * the post allowlist, a forbidden element, an event handler or style attribute, a URL with a scheme
 * other than http/https/mailto (images: http/https), a protocol-relative URL, a link without
 * rel="nofollow ugc noopener" or with a target.
 */
export function problems(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.tagName !== undefined) {
      const tag = node.tagName.toLowerCase();
      if (FORBIDDEN_ELEMENTS.has(tag)) found.push(`forbidden element <${tag}>`);
      else if (!ALLOWED_ELEMENTS.has(tag)) found.push(`unexpected element <${tag}>`);
      for (const { name, value } of node.attrs ?? []) {
        const attr = name.toLowerCase();
        if (attr.startsWith('on')) found.push(`event handler ${attr} on <${tag}>`);
        if (attr === 'style' || attr === 'target' || attr === 'srcdoc') found.push(`${attr} attribute on <${tag}>`);
        if (!ALLOWED_ATTRIBUTES[tag]?.has(attr)) found.push(`unexpected attribute ${attr} on <${tag}>`);
        if (URL_ATTRIBUTES.has(attr)) {
          const scheme = schemeOf(value);
          const allowed = tag === 'img' ? ['', 'http', 'https'] : ['', 'http', 'https', 'mailto'];
          if (!allowed.includes(scheme)) found.push(`${attr}="${value}" (scheme ${scheme}) on <${tag}>`);
          if (/^[\s/\\]{2}/.test(value.trim()) || /^\s*\/\\/.test(value))
            found.push(`protocol-relative ${attr}="${value}"`);
          if (tag === 'img' && scheme === '' && !value.startsWith('/uploads/'))
            found.push(`local image outside /uploads: ${value}`);
        }
        if (attr === 'class' && !/^(language-[\w#+.-]+|task-list-item)$/.test(value)) found.push(`class="${value}"`);
      }
      if (tag === 'a') {
        const rel = node.attrs?.find((a) => a.name === 'rel')?.value;
        if (rel !== 'nofollow ugc noopener') found.push(`<a> with rel=${String(rel)}`);
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as Node);
  return found;
}

/** The elements parse5 finds, in document order, as `tag[attr=value,...]` (for structural asserts). */
export function elements(html: string): string[] {
  const out: string[] = [];
  const visit = (node: Node) => {
    if (node.tagName !== undefined)
      out.push(
        `${node.tagName}${node.attrs?.length ? `[${node.attrs.map((a) => `${a.name}=${a.value}`).join(',')}]` : ''}`,
      );
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parseFragment(html) as unknown as Node);
  return out;
}
