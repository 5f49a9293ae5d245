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
  /**
   * Inserts a block on lines of its own, separated from neighbouring text by blank lines; the line the cursor
   * is on is never split. The selection stays unless `replaceSelection` (the code dialog's selected code).
   */
  insertBlock: (text: string, options?: { replaceSelection?: boolean }) => void;
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
    insertBlock(text, options) {
      if (editor.somethingSelected()) {
        if (options?.replaceSelection) editor.replaceSelection('');
        else editor.setCursor(editor.getCursor('to'));
      }
      const cursor = editor.getCursor();
      const lineNo = cursor.line;
      const line = editor.getLine(lineNo);
      const isBlank = (no: number) => no < 0 || no >= editor.lineCount() || editor.getLine(no).trim() === '';
      const textLines = text.split('\n');
      let firstLine: number;
      if (line.trim() === '') {
        // On an empty line: the block takes it, with blank lines against any neighbour.
        const lead = isBlank(lineNo - 1) ? '' : '\n';
        editor.replaceRange(
          `${lead}${text}${isBlank(lineNo + 1) ? '' : '\n'}`,
          Pos(lineNo, 0),
          Pos(lineNo, line.length),
        );
        firstLine = lineNo + lead.length;
      } else if (line.slice(0, cursor.ch).trim() === '') {
        // At the start of a line: the block goes before it.
        const lead = isBlank(lineNo - 1) ? '' : '\n';
        editor.replaceRange(`${lead}${text}\n\n`, Pos(lineNo, 0));
        firstLine = lineNo + lead.length;
      } else {
        // Within or after text: the block goes after the line, never splitting it.
        editor.replaceRange(`\n\n${text}${isBlank(lineNo + 1) ? '' : '\n'}`, Pos(lineNo, line.length));
        firstLine = lineNo + 2;
      }
      editor.setCursor(Pos(firstLine + textLines.length - 1, textLines[textLines.length - 1]!.length));
    },
    selectedText: () => editor.getSelection(),
    indent: (direction) => editor.execCommand(direction === 'more' ? 'indentMore' : 'indentLess'),
    focus: () => editor.focus(),
  };
}
