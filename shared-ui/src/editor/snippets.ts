// What the toolbar writes into the markdown: pure functions, unit-tested without CodeMirror.

/** Inline code becomes a block when it spans lines or reaches 40 characters. */
export const CODE_BLOCK_MIN_LENGTH = 40;

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export const HEADING_LEVELS: readonly HeadingLevel[] = [1, 2, 3, 4, 5, 6];

const HEADING = /^\s{0,3}(#{1,6})(?:\s+|$)/;

/** The line as a heading of this level (whatever heading marker it had is replaced). */
export function headingLine(line: string, level: HeadingLevel): string {
  return `${'#'.repeat(level)} ${line.replace(HEADING, '').trim()}`;
}

/** Ctrl-H: plain text → level 1 → 2 … → 6 → plain text again. */
export function cycleHeadingLine(line: string): string {
  const match = HEADING.exec(line);
  const text = line.replace(HEADING, '').trim();
  if (!match) return `# ${text}`;
  const level = match[1]!.length;
  return level >= 6 ? text : `${'#'.repeat(level + 1)} ${text}`;
}

/** Ctrl-Q: quote the lines, or unquote them when all of them are quoted already. */
export function toggleQuoteLines(lines: string[]): string[] {
  if (lines.every((line) => /^\s*>/.test(line))) return lines.map((line) => line.replace(/^(\s*)>\s?/, '$1'));
  return lines.map((line) => `> ${line}`);
}

const UNORDERED = /^(\s*)[-*+]\s+/;
const ORDERED = /^(\s*)\d+[.)]\s+/;

/** Ctrl-U: bullet the lines (replacing numbers), or remove the bullets when all have them. */
export function toggleUnorderedLines(lines: string[]): string[] {
  if (lines.every((line) => UNORDERED.test(line))) return lines.map((line) => line.replace(UNORDERED, '$1'));
  return lines.map((line) => `- ${line.replace(ORDERED, '$1').replace(/^\s+/, '')}`);
}

/** Ctrl-O: number the lines 1., 2., … (replacing bullets), or remove the numbers when all have them. */
export function toggleOrderedLines(lines: string[]): string[] {
  if (lines.every((line) => ORDERED.test(line))) return lines.map((line) => line.replace(ORDERED, '$1'));
  return lines.map((line, index) => `${index + 1}. ${line.replace(UNORDERED, '$1').replace(/^\s+/, '')}`);
}

/** The longest run of backticks in the text. */
function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}

/** Whether code goes in a fenced block rather than inline (multi-line or 40+ characters). */
export function isCodeBlock(code: string): boolean {
  return /\r|\n/.test(code) || code.length >= CODE_BLOCK_MIN_LENGTH;
}

/**
 * The markdown for a piece of code (never blank, so callers validate first). Inline code uses
 * enough backticks to hold any inside it; a block uses a fence longer than any backtick run in it.
 */
export function codeSnippet(code: string, language = ''): { text: string; block: boolean } {
  const normalized = code.replace(/\r\n?/g, '\n');
  if (!isCodeBlock(normalized)) {
    const ticks = '`'.repeat(longestBacktickRun(normalized) + 1);
    const pad = normalized.startsWith('`') || normalized.endsWith('`') ? ' ' : '';
    return { text: `${ticks}${pad}${normalized}${pad}${ticks}`, block: false };
  }
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(normalized) + 1));
  const lang = language.trim().replace(/[^\w#+.-]/g, '');
  return { text: `${fence}${lang}\n${normalized.replace(/\n+$/, '')}\n${fence}`, block: true };
}

/** Text inside [ ] of a link or an image's alt: brackets and backslashes escaped, one line. */
function bracketText(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\\[\]]/g, (char) => `\\${char}`)
    .trim();
}

/** A URL inside ( ): spaces and parentheses would end it early, so they are percent-encoded. */
function destination(url: string): string {
  return url
    .trim()
    .replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The link's URL is required; the text defaults to the URL. */
export function linkSnippet(url: string, text = ''): string {
  const label = bracketText(text) || bracketText(url.trim());
  return `[${label}](${destination(url)})`;
}

/** An image: ![description](url). */
export function imageSnippet(url: string, description = ''): string {
  return `![${bracketText(description)}](${destination(url)})`;
}

export const HORIZONTAL_RULE = '---';

/** The table insert (GFM table: the server renders tables). Cell words come from i18n. */
export function tableSnippet(words: { header: string; cell: string }): string {
  return [
    `| ${words.header} 1 | ${words.header} 2 |`,
    '| --- | --- |',
    `| ${words.cell} 1 | ${words.cell} 2 |`,
    `| ${words.cell} 3 | ${words.cell} 4 |`,
  ].join('\n');
}

export type DiagramKind = 'flow' | 'sequence' | 'state' | 'class' | 'pie' | 'gantt' | 'er';
export const DIAGRAM_KINDS: readonly DiagramKind[] = ['flow', 'sequence', 'state', 'class', 'pie', 'gantt', 'er'];

/** Diagram templates (mermaid syntax; the labels are examples the writer replaces). */
export const DIAGRAM_TEMPLATES: Record<DiagramKind, string> = {
  flow: [
    'flowchart TD',
    '    A[Start] --> B{Is it working?}',
    '    B -- Yes --> C[Done]',
    '    B -- No --> D[Fix it]',
    '    D --> B',
  ].join('\n'),
  sequence: [
    'sequenceDiagram',
    '    Alice->>Bob: Hello Bob, how are you?',
    '    Bob-->>Alice: Fine, thanks!',
    '    Alice-)Bob: See you later',
  ].join('\n'),
  state: [
    'stateDiagram-v2',
    '    [*] --> Still',
    '    Still --> Moving',
    '    Moving --> Still',
    '    Moving --> Crash',
    '    Crash --> [*]',
  ].join('\n'),
  class: [
    'classDiagram',
    '    Animal <|-- Duck',
    '    Animal <|-- Fish',
    '    Animal : +int age',
    '    Animal : +isMammal()',
    '    class Duck {',
    '        +String beakColor',
    '        +swim()',
    '    }',
    '    class Fish {',
    '        -int sizeInFeet',
    '        -canEat()',
    '    }',
  ].join('\n'),
  pie: ['pie title Pets adopted by volunteers', '    "Dogs" : 386', '    "Cats" : 85', '    "Rats" : 15'].join('\n'),
  gantt: [
    'gantt',
    '    title A Gantt diagram',
    '    dateFormat YYYY-MM-DD',
    '    section Section',
    '    A task          :a1, 2024-01-01, 30d',
    '    Another task    :after a1, 20d',
    '    section Another',
    '    Task in section :2024-01-12, 12d',
  ].join('\n'),
  er: [
    'erDiagram',
    '    CUSTOMER ||--o{ ORDER : places',
    '    ORDER ||--|{ LINE-ITEM : contains',
    '    CUSTOMER }|..|{ DELIVERY-ADDRESS : uses',
  ].join('\n'),
};

/** A diagram template as a ```mermaid block. */
export function diagramSnippet(kind: DiagramKind): string {
  return `\`\`\`mermaid\n${DIAGRAM_TEMPLATES[kind]}\n\`\`\``;
}
