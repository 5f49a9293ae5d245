import { revealExternalImage, useExternalImageGate } from '@agora/shared-ui';
import { lazy, Suspense, useMemo } from 'react';

// The post renderer (code highlighting, diagrams) arrives with the editor entry, only when a task shows a body.
const PostContent = lazy(() => import('@agora/shared-ui/editor').then((m) => ({ default: m.PostContent })));

/** The server's sanitized HTML, with images from elsewhere behind a click until the renderer is loaded. */
function PlainBody({ html }: { html: string }) {
  const gate = useExternalImageGate('ask');
  const shown = useMemo(() => gate(html), [gate, html]);
  return (
    <div className="review-post__body" onClick={revealExternalImage} dangerouslySetInnerHTML={{ __html: shown }} />
  );
}

/** A post's body as the server rendered it (sanitized HTML). Reviewers are asked before foreign images load. */
export function PostBody({ html }: { html: string }) {
  return (
    <Suspense fallback={<PlainBody html={html} />}>
      <PostContent html={html} className="review-post__body" externalImages="ask" />
    </Suspense>
  );
}
