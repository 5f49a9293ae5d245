// The toolbar's commands and their keyboard shortcuts (Ctrl-B, I, K, L, Q, G, H, O, U, R and
// Shift-Tab). The bindings follow Apache Answer's editor, so people moving over keep their habits.

export type CommandId =
  | 'heading'
  | 'bold'
  | 'italic'
  | 'code'
  | 'link'
  | 'quote'
  | 'image'
  | 'unordered'
  | 'ordered'
  | 'rule'
  | 'table'
  | 'diagram'
  | 'outdent'
  | 'indent';

export interface Shortcut {
  command: CommandId;
  /** CodeMirror key name without the modifier, e.g. 'B'; null for keys without Ctrl (Tab). */
  key: string;
  /** Whether Ctrl (Cmd on macOS) is part of it. */
  mod: boolean;
  shift?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'bold', key: 'B', mod: true },
  { command: 'italic', key: 'I', mod: true },
  { command: 'code', key: 'K', mod: true },
  { command: 'link', key: 'L', mod: true },
  { command: 'quote', key: 'Q', mod: true },
  { command: 'image', key: 'G', mod: true },
  { command: 'heading', key: 'H', mod: true },
  { command: 'ordered', key: 'O', mod: true },
  { command: 'unordered', key: 'U', mod: true },
  { command: 'rule', key: 'R', mod: true },
  { command: 'indent', key: 'Tab', mod: false },
  { command: 'outdent', key: 'Tab', mod: false, shift: true },
];

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** CodeMirror 5 key name: 'Ctrl-B', 'Cmd-B', 'Shift-Tab'. */
export function codeMirrorKey(shortcut: Shortcut, mac = isMacPlatform()): string {
  return `${shortcut.shift ? 'Shift-' : ''}${shortcut.mod ? (mac ? 'Cmd-' : 'Ctrl-') : ''}${shortcut.key}`;
}

/** What people read: 'Ctrl+B', '⌘B', 'Shift+Tab'. */
export function shortcutLabel(shortcut: Shortcut, mac = isMacPlatform()): string {
  if (mac) return `${shortcut.shift ? '⇧' : ''}${shortcut.mod ? '⌘' : ''}${shortcut.key}`;
  return [shortcut.mod ? 'Ctrl' : '', shortcut.shift ? 'Shift' : '', shortcut.key].filter(Boolean).join('+');
}

export function shortcutFor(command: CommandId): Shortcut | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.command === command);
}
