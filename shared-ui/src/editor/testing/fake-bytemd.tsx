// Test doubles for the parts of the editor jsdom cannot run (bytemd's CodeMirror). Used by
// markdown-editor.test.tsx through vi.mock; not part of the entry.
import { useEffect, useRef } from 'react';
import { vi } from 'vitest';
import type { BytemdHostProps } from '../bytemd-host';
import type { EditorSurface } from '../surface';

type Handler = (cm: unknown, event: Event) => void;

/** What the fake editor registered, so tests can fire CodeMirror events (paste, drop, keydown). */
export const fakeEditor = {
  handlers: new Map<string, Handler[]>(),
  fire(type: string, event: Event) {
    for (const handler of this.handlers.get(type) ?? []) handler(null, event);
  },
};

export const fakeSurface: { [K in keyof EditorSurface]: ReturnType<typeof vi.fn> } & { selection: string } = {
  selection: '',
  wrap: vi.fn(),
  mapLines: vi.fn(),
  insertInline: vi.fn(),
  insertBlock: vi.fn(),
  selectedText: vi.fn(() => fakeSurface.selection),
  indent: vi.fn(),
  focus: vi.fn(),
};

export function resetFakes() {
  fakeEditor.handlers.clear();
  fakeSurface.selection = '';
  for (const value of Object.values(fakeSurface)) if (typeof value === 'function') value.mockClear();
}

export function surfaceFromBytemd(): EditorSurface {
  return fakeSurface as unknown as EditorSurface;
}

/** Stands in for BytemdHost: a plain textarea, and the plugins' editorEffect called with a fake editor. */
export function BytemdHost({ value, onChange, plugins, placeholder }: BytemdHostProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const editor = {
      getInputField: () => textarea.current,
      on: (type: string, handler: Handler) =>
        fakeEditor.handlers.set(type, [...(fakeEditor.handlers.get(type) ?? []), handler]),
      off: (type: string, handler: Handler) =>
        fakeEditor.handlers.set(
          type,
          (fakeEditor.handlers.get(type) ?? []).filter((h) => h !== handler),
        ),
      focus: () => textarea.current?.focus(),
    };
    const cleanups = (plugins ?? []).map((plugin) => plugin.editorEffect?.({ editor } as never));
    return () => cleanups.forEach((cleanup) => cleanup?.());
  }, [plugins]);
  return (
    <textarea
      ref={textarea}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
