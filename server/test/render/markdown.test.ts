import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedPostUrl, renderMarkdown, renderPostHtml, sanitizePostHtml } from '../../src/lib/markdown';
import { postExcerpt } from '../../src/modules/render/excerpt';
import { elements, problems } from './forbidden';
import { HOSTILE } from './hostile-corpus';

describe('renderPostHtml on a hostile corpus', () => {
  it.each(HOSTILE.map((source) => [source]))('%j renders nothing executable', (source) => {
    const html = renderPostHtml(source);
    expect(problems(html)).toEqual([]);
    expect(sanitizePostHtml(html)).toBe(html);
    // Raw HTML never becomes markup: no output element carries a name the source spelled in tags.
    expect(html).not.toMatch(/<(script|iframe|svg|object|embed|form|input|style|link|meta|base|math|details)\b/i);
  });

  it('shows refused links as their source text and raw HTML as text', () => {
    expect(renderPostHtml('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(renderPostHtml('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(renderPostHtml('<!-- hidden -->')).toBe('<p>&lt;!-- hidden --&gt;</p>');
    expect(renderPostHtml('<javascript:alert(1)>')).toBe('<p>&lt;javascript:alert(1)&gt;</p>');
  });

  it('keeps quotes inside URLs out of the attribute syntax', () => {
    expect(elements(renderPostHtml('![x](x"onerror="alert(1))'))).toEqual([
      'p',
      'a[href=x%22onerror=%22alert(1),rel=nofollow ugc noopener]',
    ]);
    expect(elements(renderPostHtml('![x" onerror="alert(1)](https://ok.example/a.png)'))).toEqual([
      'p',
      'img[src=https://ok.example/a.png,alt=x" onerror="alert(1)]',
    ]);
  });

  it('refuses what the sanitizer gets even when the markdown layer is bypassed', () => {
    const html = sanitizePostHtml(
      '<p onclick="x" style="color:red"><a href="javascript:alert(1)" target="_blank">a</a>' +
        '<a href="//evil.example">b</a><img src="data:image/png;base64,AAA"><img src="/api/x">' +
        '<img src="/uploads/a.png" onerror="x"><script>alert(1)</script><svg><g/></svg>' +
        '<code class="language-js x">c</code></p>',
    );
    expect(problems(html)).toEqual([]);
    expect(html).toBe(
      '<p><a rel="nofollow ugc noopener">a</a><a rel="nofollow ugc noopener">b</a>' +
        '<img src="/uploads/a.png" /><code class="language-js">c</code></p>',
    );
  });
});

/** Pieces of markdown and HTML syntax, attack words and odd characters that property runs join up. */
const ALPHABET = [
  '<',
  '>',
  '/',
  '\\',
  '[',
  ']',
  '(',
  ')',
  '!',
  '`',
  '```',
  '*',
  '_',
  '~~',
  '|',
  '-',
  ':',
  '"',
  "'",
  '&',
  '#',
  ';',
  '=',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '    ',
  '> ',
  '1. ',
  '- ',
  '- [ ] ',
  '# ',
  '|---|',
  '<!--',
  '-->',
  '&#x09;',
  '&#106;',
  '&colon;',
  '&lt;',
  '%0a',
  '\u0000',
  '\u200b',
  '\u2028',
  'javascript',
  'JaVaScRiPt',
  'vbscript',
  'data',
  'file',
  'script',
  'img',
  'svg',
  'iframe',
  'style',
  'a',
  'href',
  'src',
  'onerror',
  'onload',
  'alert(1)',
  'http',
  'https',
  '//',
  '/uploads/',
  'x.png',
  'mailto',
  'www.example.com',
  'user@example.com',
  '@name',
  'text/html',
  'base64,',
];
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...ALPHABET), fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('the forbidden-node check itself', () => {
  it('flags what a browser would run or load', () => {
    expect(problems('<img src=x onerror=alert(1)>')).toContain('event handler onerror on <img>');
    expect(problems('<a href=" java\tscript:x" rel="nofollow ugc noopener">x</a>')).toEqual([
      'href=" java\tscript:x" (scheme javascript) on <a>',
    ]);
    expect(problems('<svg><script>1</script></svg>')).toEqual([
      'forbidden element <svg>',
      'forbidden element <script>',
    ]);
    expect(problems('<p style="x">a</p><a href="//e.example" target=_blank>b</a>')).toEqual([
      'style attribute on <p>',
      'unexpected attribute style on <p>',
      'protocol-relative href="//e.example"',
      'target attribute on <a>',
      'unexpected attribute target on <a>',
      '<a> with rel=undefined',
    ]);
    expect(problems('<img src="/avatar.png">')).toEqual(['local image outside /uploads: /avatar.png']);
  });
});

describe('renderPostHtml properties (fast-check)', () => {
  it('never yields a forbidden node and is a fixed point of the sanitizer', () => {
    fc.assert(
      fc.property(hostileText, (source) => {
        const html = renderPostHtml(source);
        expect(problems(html)).toEqual([]);
        expect(sanitizePostHtml(html)).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  it('sanitizing arbitrary HTML is idempotent and safe', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const once = sanitizePostHtml(input);
        expect(sanitizePostHtml(once)).toBe(once);
        expect(problems(once)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderPostHtml on ordinary markdown', () => {
  it('renders headings, emphasis, lists, quotes and rules', () => {
    expect(
      renderPostHtml(
        '# Title\n\n## Sub\n\nSome *em*, **strong** and ~~gone~~ text.\n\n- a\n- b\n\n3. c\n4. d\n\n> quoted\n\n---',
      ),
    ).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p>Some <em>em</em>, <strong>strong</strong> and <s>gone</s> text.</p>\n' +
        '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n' +
        '<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr />',
    );
  });

  it('renders fenced and indented code with the language class and escaped content', () => {
    expect(renderPostHtml('```ts\nconst a = b < c && d;\n```')).toBe(
      '<pre><code class="language-ts">const a = b &lt; c &amp;&amp; d;\n</code></pre>',
    );
    expect(renderPostHtml('```c++\nx\n```')).toBe('<pre><code class="language-c++">x\n</code></pre>');
    expect(renderPostHtml('    indented <b>\n')).toBe('<pre><code>indented &lt;b&gt;\n</code></pre>');
    expect(renderPostHtml('use `a<b` here')).toBe('<p>use <code>a&lt;b</code> here</p>');
  });

  it('renders tables with alignment as attributes', () => {
    expect(renderPostHtml('| a | b | c |\n|:--|--:|:-:|\n| 1 | 2 | 3 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="right">b</th>\n<th align="center">c</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">1</td>\n<td align="right">2</td>\n<td align="center">3</td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('gives every link rel="nofollow ugc noopener" and no target; autolinks URLs and addresses only', () => {
    expect(
      renderPostHtml('[site](https://example.com "T") [q](/questions/1) [top](#a) <https://x.example/a?b=1&c=2>'),
    ).toBe(
      '<p><a href="https://example.com" title="T" rel="nofollow ugc noopener">site</a> ' +
        '<a href="/questions/1" rel="nofollow ugc noopener">q</a> <a href="#a" rel="nofollow ugc noopener">top</a> ' +
        '<a href="https://x.example/a?b=1&amp;c=2" rel="nofollow ugc noopener">https://x.example/a?b=1&amp;c=2</a></p>',
    );
    expect(renderPostHtml('see http://a.example and me@b.example; setup.py and @alice stay text')).toBe(
      '<p>see <a href="http://a.example" rel="nofollow ugc noopener">http://a.example</a> and ' +
        '<a href="mailto:me@b.example" rel="nofollow ugc noopener">me@b.example</a>; setup.py and @alice stay text</p>',
    );
  });

  it('renders task lists without form controls', () => {
    expect(renderPostHtml('- [ ] todo\n- [x] done\n- [y] not a task')).toBe(
      '<ul>\n<li class="task-list-item">\u2610 todo</li>\n<li class="task-list-item">\u2611 done</li>\n<li>[y] not a task</li>\n</ul>',
    );
  });

  it('shows uploads and http(s) images; other images become links or text', () => {
    expect(renderPostHtml('![a](/uploads/post/a.png) ![b](https://img.example/b.png "B")')).toBe(
      '<p><img src="/uploads/post/a.png" alt="a" /> <img src="https://img.example/b.png" alt="b" title="B" /></p>',
    );
    expect(renderPostHtml('![c](/answer/api/v1/x) ![d](data:image/png;base64,AA)')).toBe(
      '<p><a href="/answer/api/v1/x" rel="nofollow ugc noopener">c</a> ![d](data:image/png;base64,AA)</p>',
    );
  });

  it('turns external images into links when external images are off', () => {
    const options = { externalImages: false, siteUrl: 'https://qa.example.com/' };
    expect(
      renderPostHtml(
        '![a](https://img.example/a.png) ![b](https://qa.example.com/uploads/b.png) ![c](/uploads/c.png)',
        options,
      ),
    ).toBe(
      '<p><a href="https://img.example/a.png" rel="nofollow ugc noopener">a</a> ' +
        '<img src="https://qa.example.com/uploads/b.png" alt="b" /> <img src="/uploads/c.png" alt="c" /></p>',
    );
    expect(renderPostHtml('![a](https://qa.example.com.evil.example/uploads/a.png)', options)).toBe(
      '<p><a href="https://qa.example.com.evil.example/uploads/a.png" rel="nofollow ugc noopener">a</a></p>',
    );
  });

  it('renders pathological input at the length limit in reasonable time', () => {
    for (const piece of [
      '[',
      '*a',
      '<',
      '![',
      'a@b.example ',
      'http://a.example/ ',
      '_*',
      '- [ ] x\n',
      '| a |\n|---|\n',
    ]) {
      const source = piece.repeat(Math.ceil(65535 / piece.length)).slice(0, 65535);
      const started = performance.now();
      const html = renderPostHtml(source);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(problems(html)).toEqual([]);
    }
  }, 60_000);

  it('renders blank input as the empty string', () => {
    expect(renderPostHtml('')).toBe('');
    expect(renderPostHtml(' \n\t\n')).toBe('');
  });

  it('leaves the bio renderer as it was', () => {
    expect(renderMarkdown('# Hi\n\n<b>x</b> [a](javascript:alert(1))')).toBe(
      '<h1>Hi</h1>\n<p>&lt;b&gt;x&lt;/b&gt; [a](javascript:alert(1))</p>',
    );
  });
});

describe('isAllowedPostUrl', () => {
  it.each([
    ['https://a.example/x', 'link', true],
    ['HTTP://a.example', 'link', true],
    ['mailto:a@b.example', 'link', true],
    ['/questions/1', 'link', true],
    ['#frag', 'link', true],
    ['?q=1', 'link', true],
    ['relative/path', 'link', true],
    ['javascript:alert(1)', 'link', false],
    [' JaVa\tScRiPt:alert(1)', 'link', false],
    ['\u0001javascript:alert(1)', 'link', false],
    ['vbscript:x', 'link', false],
    ['data:text/html,x', 'link', false],
    ['ftp://a.example', 'link', false],
    ['//evil.example', 'link', false],
    ['/\\evil.example', 'link', false],
    ['\\\\evil.example', 'link', false],
    ['java%09script:alert(1)', 'link', false],
    ['', 'link', false],
    ['mailto:a@b.example', 'image', false],
    ['https://img.example/a.png', 'image', true],
    ['/uploads/a/b.png', 'image', true],
    ['/uploads/../x', 'image', false],
    ['/uploads/%2E%2E/x', 'image', false],
    ['/avatar.png', 'image', false],
    ['data:image/png;base64,AA', 'image', false],
  ] as const)('%j as %s -> %s', (url, use, allowed) => {
    expect(isAllowedPostUrl(url, use)).toBe(allowed);
  });
});

describe('postExcerpt', () => {
  it('is the visible text of the rendered post, cut to 240 characters', () => {
    expect(
      postExcerpt('# How do I *sort*?\n\n```js\nlist.sort()\n```\n\nSee [docs](https://d.example) & <b>this</b>.'),
    ).toBe('How do I sort? list.sort() See docs & <b>this</b>.');
    const long = postExcerpt(`${'word '.repeat(100)}`);
    expect(long.length).toBe(240);
    expect(long.endsWith('...')).toBe(true);
    expect(postExcerpt('abcdef', 5)).toBe('ab...');
    expect(postExcerpt('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});
