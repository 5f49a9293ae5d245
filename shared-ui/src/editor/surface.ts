import type { BytemdEditorContext } from 'bytemd';

/**
 * What the toolbar does to the text, independent of CodeMirror so the toolbar can be tested in jsdom with a
 * fake. `surfaceFromBytemd` implements it on bytemd's CodeMirror 5 instance.
 */
export interface EditorSurface {
  /** Wraps the selection (or the word at the cursor) in markers, or unwraps it when already wrapped. */
  wrap: (before: string, after?: string) => void;
  /** Rewrites the whole lines the selection touches. */
  mapLines: (map: (lines: string[]) => string[]) => void;
  /** Replaces the selection with inline text. */
  insertInline: (text: string) => void;
  /** Inserts a block on lines of its own, separated from neighbours by blank lines (the selection goes). */
  insertBlock: (text: string) => void;
  selectedText: () => string;
  indent: (direction: 'more' | 'less') => void;
  focus: () => void;
}

export function surfaceFromBytemd(ctx: BytemdEditorContext): EditorSurface {
  const { editor, codemirror } = ctx;
  const Pos = codemirror.Pos;
  return {
    wrap: (before, after = before) => ctx.wrapText(before, after),
    mapLines(map) {
      const [selection] = editor.listSelections();
      if (!selection) return;
      const from = Pos(selection.from().line, 0);
      const to = Pos(selection.to().line, editor.getLine(selection.to().line).length);
      const next = map(editor.getRange(from, to).split('\n')).join('\n');
      editor.replaceRange(next, from, to);
      const lines = next.split('\n');
      editor.setSelection(from, Pos(from.line + lines.length - 1, lines[lines.length - 1]!.length));
    },
    insertInline: (text) => editor.replaceSelection(text),
    insertBlock(text) {
      if (editor.somethingSelected()) editor.replaceSelection('');
      const cursor = editor.getCursor();
      const line = editor.getLine(cursor.line);
      const before = line.slice(0, cursor.ch);
      const after = line.slice(cursor.ch);
      const previousBlank = cursor.line === 0 || editor.getLine(cursor.line - 1).trim() === '';
      const lead = before.trim() !== '' ? '\n\n' : previousBlank ? '' : '\n';
      const nextLine = cursor.line + 1 < editor.lineCount() ? editor.getLine(cursor.line + 1) : '';
      const trail = after.trim() !== '' ? '\n\n' : nextLine.trim() !== '' ? '\n' : '';
      const start = before.trim() !== '' ? cursor : Pos(cursor.line, 0);
      const end = after.trim() !== '' ? cursor : Pos(cursor.line, line.length);
      const inserted = `${lead}${text}${trail}`;
      editor.replaceRange(inserted, start, end);
      const lines = `${lead}${text}`.split('\n');
      editor.setCursor(
        Pos(
          start.line + lines.length - 1,
          lines.length === 1 ? start.ch + lines[0]!.length : lines[lines.length - 1]!.length,
        ),
      );
    },
    selectedText: () => editor.getSelection(),
    indent: (direction) => editor.execCommand(direction === 'more' ? 'indentMore' : 'indentLess'),
    focus: () => editor.focus(),
  };
}
