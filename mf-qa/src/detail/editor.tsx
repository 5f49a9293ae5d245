// The editor entry is heavy (bytemd, highlight.js, mermaid): it is only ever loaded lazily from here.
import type { MarkdownEditorProps, PostContentProps } from '@agora/shared-ui/editor';
import { api } from '@agora/shared-api';
import { lazy, Suspense } from 'react';

const loadEditor = () => import('@agora/shared-ui/editor');

/** Sanitized server HTML (the server renders and cleans every post): shown as is while the enhanced view loads. */
function PlainPostContent({ html, className }: PostContentProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function PlainEditor(props: MarkdownEditorProps) {
  const { id, value, onChange, placeholder, status, autoFocus, height } = props;
  const aria = {
    'aria-label': props['aria-label'],
    'aria-labelledby': props['aria-labelledby'],
    'aria-describedby': props['aria-describedby'],
  };
  return (
    <textarea
      id={id}
      className={`qa-detail-textarea${status === 'error' ? ' qa-detail-textarea--error' : ''}`}
      value={value}
      placeholder={placeholder}
      autoFocus={autoFocus}
      style={{ height: height ?? 320 }}
      aria-invalid={status === 'error' || undefined}
      {...aria}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const LazyPostContent = lazy(() => loadEditor().then((m) => ({ default: m.PostContent })));
const LazyEditor = lazy(() => loadEditor().then((m) => ({ default: m.MarkdownEditor })));

/** A post's body; the plain HTML shows while the highlighting view loads. */
export function PostBody(props: PostContentProps) {
  return (
    <Suspense fallback={<PlainPostContent {...props} />}>
      <LazyPostContent {...props} />
    </Suspense>
  );
}

export function Editor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<PlainEditor {...props} />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}

/** Preview rendering for the editor (POST post/render). */
export const renderMarkdown = (content: string) => api.post<string>('post/render', { content });

/** Image upload for the editor (POST file, source=post). */
export function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('source', 'post');
  body.append('file', file);
  return api.request<string>('post', 'file', { body });
}
