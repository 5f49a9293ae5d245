import type { MarkdownEditorProps, PostContentProps } from '@agora/shared-ui/editor';

/**
 * Stands in for '@agora/shared-ui/editor' in unit tests (jsdom cannot run bytemd):
 * vi.mock('@agora/shared-ui/editor', () => import('../test/editor-mock')).
 */
export function MarkdownEditor({ id, value, onChange, status, 'aria-describedby': describedBy }: MarkdownEditorProps) {
  return (
    <textarea
      id={id}
      value={value}
      aria-describedby={describedBy}
      aria-invalid={status === 'error' || undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function PostContent({ html, className }: PostContentProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
