import { describe, expect, it } from 'vitest';
import {
  codeSnippet,
  cycleHeadingLine,
  DIAGRAM_KINDS,
  DIAGRAM_TEMPLATES,
  diagramSnippet,
  headingLine,
  imageSnippet,
  linkSnippet,
  tableSnippet,
  toggleOrderedLines,
  toggleQuoteLines,
  toggleUnorderedLines,
} from './snippets';

describe('code', () => {
  it('stays inline when short and on one line', () => {
    expect(codeSnippet('npm i')).toEqual({ text: '`npm i`', block: false });
    expect(codeSnippet('a`b')).toEqual({ text: '``a`b``', block: false });
    expect(codeSnippet('`x`').text).toBe('`` `x` ``');
  });

  it('becomes a fenced block at 40 characters or with several lines', () => {
    expect(codeSnippet('x'.repeat(39)).block).toBe(false);
    expect(codeSnippet('x'.repeat(40))).toEqual({ text: '```\n' + 'x'.repeat(40) + '\n```', block: true });
    expect(codeSnippet('a\r\nb\n', 'ts')).toEqual({ text: '```ts\na\nb\n```', block: true });
    expect(codeSnippet('a\n```\nb').text).toBe('````\na\n```\nb\n````');
    expect(codeSnippet('a\nb', 'js"><x').text.startsWith('```jsx\n')).toBe(true);
  });
});

describe('links and images', () => {
  it('writes [text](url), defaulting the text to the URL', () => {
    expect(linkSnippet('https://example.com', 'Example')).toBe('[Example](https://example.com)');
    expect(linkSnippet(' https://example.com ')).toBe('[https://example.com](https://example.com)');
    expect(linkSnippet('https://e.com/a b(c)', 'x [y]')).toBe('[x \\[y\\]](https://e.com/a%20b%28c%29)');
  });

  it('writes ![description](url)', () => {
    expect(imageSnippet('/uploads/a.png')).toBe('![](/uploads/a.png)');
    expect(imageSnippet('/uploads/a.png', 'A cat')).toBe('![A cat](/uploads/a.png)');
  });
});

describe('line commands', () => {
  it('sets and cycles headings', () => {
    expect(headingLine('Title', 3)).toBe('### Title');
    expect(headingLine('## Title', 1)).toBe('# Title');
    expect(cycleHeadingLine('Title')).toBe('# Title');
    expect(cycleHeadingLine('# Title')).toBe('## Title');
    expect(cycleHeadingLine('###### Title')).toBe('Title');
  });

  it('toggles quotes and lists', () => {
    expect(toggleQuoteLines(['a', 'b'])).toEqual(['> a', '> b']);
    expect(toggleQuoteLines(['> a', '>b'])).toEqual(['a', 'b']);
    expect(toggleUnorderedLines(['a', '1. b'])).toEqual(['- a', '- b']);
    expect(toggleUnorderedLines(['- a', '* b'])).toEqual(['a', 'b']);
    expect(toggleOrderedLines(['a', '- b', 'c'])).toEqual(['1. a', '2. b', '3. c']);
    expect(toggleOrderedLines(['1. a', '2) b'])).toEqual(['a', 'b']);
  });
});

describe('inserts', () => {
  it('writes a GFM table with the translated words', () => {
    expect(tableSnippet({ header: 'Header', cell: 'Cell' })).toBe(
      '| Header 1 | Header 2 |\n| --- | --- |\n| Cell 1 | Cell 2 |\n| Cell 3 | Cell 4 |',
    );
  });

  it('has the seven diagram templates, each a mermaid block of its kind', () => {
    expect(DIAGRAM_KINDS).toEqual(['flow', 'sequence', 'state', 'class', 'pie', 'gantt', 'er']);
    const firstWords = DIAGRAM_KINDS.map((kind) => DIAGRAM_TEMPLATES[kind].split(/\s/)[0]);
    expect(firstWords).toEqual([
      'flowchart',
      'sequenceDiagram',
      'stateDiagram-v2',
      'classDiagram',
      'pie',
      'gantt',
      'erDiagram',
    ]);
    expect(diagramSnippet('pie')).toBe('```mermaid\n' + DIAGRAM_TEMPLATES.pie + '\n```');
  });
});
