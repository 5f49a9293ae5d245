import type { MarkdownEditorProps, PostContentProps } from '../editor/types';

/** A textarea in place of the markdown editor (jsdom cannot run bytemd). */
function MarkdownEditor({ id, value, onChange, status, 'aria-describedby': describedBy }: MarkdownEditorProps) {
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

function PostContent({ html, className }: PostContentProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Stands in for '@agora/shared-ui/editor' in unit tests:
 * vi.mock('@agora/shared-ui/editor', async () => (await import('@agora/shared-ui/testing')).editorMock).
 */
export const editorMock = { MarkdownEditor, PostContent };
