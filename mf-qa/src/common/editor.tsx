// The editor entry is heavy (bytemd, highlight.js, mermaid): it is only ever loaded lazily from here.
import type { MarkdownEditorProps, PostContentProps } from '@agora/shared-ui/editor';
import { api } from '@agora/shared-api';
import { revealExternalImage, useExternalImageGate } from '@agora/shared-ui';
import { lazy, Suspense, useMemo } from 'react';
import { EditorLoading } from './editor-loading';
import { useSite } from './site';

const loadEditor = () => import('@agora/shared-ui/editor');

/**
 * Sanitized server HTML (the server renders and cleans every post): shown while the enhanced view loads,
 * with foreign images behind the same click as in PostContent (never fetched before it).
 */
function PlainPostContent({ html, className, externalImages = 'show', siteOrigin }: PostContentProps) {
  const gate = useExternalImageGate(externalImages, siteOrigin);
  const shown = useMemo(() => gate(html), [gate, html]);
  return <div className={className} onClick={revealExternalImage} dangerouslySetInnerHTML={{ __html: shown }} />;
}

const LazyPostContent = lazy(() => loadEditor().then((m) => ({ default: m.PostContent })));
const LazyEditor = lazy(() => loadEditor().then((m) => ({ default: m.MarkdownEditor })));

/** A post's body; the plain HTML shows while the highlighting view loads. External images follow the site setting. */
export function PostBody(passed: PostContentProps) {
  const { externalImages } = useSite();
  const props: PostContentProps = { externalImages, ...passed };
  return (
    <Suspense fallback={<PlainPostContent {...props} />}>
      <LazyPostContent {...props} />
    </Suspense>
  );
}

/**
 * The answer editor. While its chunk loads, a status box of the same height stands in: not a textarea,
 * because keys typed into a stand-in would be lost when the editor replaces it.
 */
export function Editor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={props.height} />}>
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
