import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderPostHtml, sanitizeMemberHtml, sanitizePostHtml } from '../../src/lib/markdown';

// There is no embed allowlist at all; every iframe (and its kin) is dropped, so look-alike
// hosts such as allowed.example.evil.com or ?allowed.example in a query never get through either.
const FRAMES = [
  '<iframe src="https://allowed.example.evil.com/embed/1"></iframe>',
  '<iframe src="https://evil.com/?allowed.example"></iframe>',
  '<iframe src="https://evil.com/#https://allowed.example/"></iframe>',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<IFRAME SRC="https://allowed.example.evil.com">',
  '<frameset><frame src="https://evil.com/?allowed.example"></frameset>',
  '<embed src="https://allowed.example.evil.com/x.swf"><object data="https://evil.com/?allowed.example"></object>',
  '<p>text<iframe src="https://allowed.example.evil.com"></iframe>after</p>',
];

interface Node {
  nodeName: string;
  childNodes?: Node[];
}
function names(node: Node, out: string[] = []): string[] {
  out.push(node.nodeName);
  for (const child of node.childNodes ?? []) names(child, out);
  return out;
}
const FRAME_LIKE = ['iframe', 'frame', 'frameset', 'embed', 'object'];

describe('iframes never survive', () => {
  it.each(FRAMES.map((html) => [html]))('%s', (html) => {
    for (const out of [
      sanitizePostHtml(html),
      sanitizeMemberHtml(html),
      renderPostHtml(html),
      renderMarkdown(html),
      renderPostHtml(`before\n\n${html}\n\nafter`),
    ]) {
      const found = names(parseFragment(out) as unknown as Node).filter((name) => FRAME_LIKE.includes(name));
      expect(found, out).toEqual([]);
      expect(out).not.toMatch(/<(?:iframe|frame|embed|object)\b/i);
    }
  });

  it('a raw iframe in markdown stays visible as text', () => {
    const out = renderPostHtml('<iframe src="https://allowed.example.evil.com"></iframe>');
    expect(out.startsWith('<p>&lt;iframe src=')).toBe(true);
    expect(out.endsWith('&gt;&lt;/iframe&gt;</p>')).toBe(true);
  });
});
