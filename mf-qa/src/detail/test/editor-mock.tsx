// '@agora/shared-ui/editor' for unit tests: jsdom cannot run bytemd. A textarea and the plain HTML.
import type { MarkdownEditorProps, PostContentProps } from '@agora/shared-ui/editor';

export function PostContent({ html, className }: PostContentProps) {
  return <div className={className} data-testid="post-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function MarkdownEditor({ id, value, onChange, placeholder, status, ...aria }: MarkdownEditorProps) {
  return (
    <textarea
      id={id}
      value={value}
      placeholder={placeholder}
      aria-label={aria['aria-label']}
      aria-labelledby={aria['aria-labelledby']}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={status === 'error' || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export const checkImageFile = () => null;
