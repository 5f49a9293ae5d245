// '@agora/shared-ui/editor' for unit tests: jsdom cannot run bytemd. A textarea and the plain HTML.
import { revealExternalImage, useExternalImageGate } from '@agora/shared-ui';
import type { MarkdownEditorProps, PostContentProps } from '@agora/shared-ui/editor';

/** The real PostContent's external-image gate without highlight.js and mermaid. */
export function PostContent({ html, className, externalImages = 'show', siteOrigin }: PostContentProps) {
  const shown = useExternalImageGate(externalImages, siteOrigin)(html);
  return (
    <div
      className={className}
      data-testid="post-content"
      data-external-images={externalImages}
      onClick={revealExternalImage}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}

export function MarkdownEditor({ id, value, onChange, placeholder, status, ...aria }: MarkdownEditorProps) {
  return (
    <textarea
      id={id}
      data-testid="markdown-editor"
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
