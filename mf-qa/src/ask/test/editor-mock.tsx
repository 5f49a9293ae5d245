import type { MarkdownEditorProps } from '@agora/shared-ui/editor';

/**
 * Stands in for '@agora/shared-ui/editor' in unit tests (jsdom cannot run bytemd):
 * vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock')).
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  placeholder,
  status,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
}: MarkdownEditorProps) {
  return (
    <textarea
      id={id}
      value={value}
      placeholder={placeholder}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={status === 'error' || undefined}
      data-testid="markdown-editor"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
