import { useEffect, useMemo, useRef } from 'react';
import './post-content.css';
import { revealExternalImage, useExternalImageGate } from './external-images';
import type * as HighlightApi from './highlight';
import type * as MermaidApi from './mermaid-render';
import type { PostContentProps } from './types';

type HighlightModule = typeof HighlightApi;
type MermaidModule = typeof MermaidApi;

// The heavy helpers come in their own chunks, fetched the first time a post needs them.
export const lazyModules = {
  highlight: (): Promise<HighlightModule> => import('./highlight'),
  mermaid: (): Promise<MermaidModule> => import('./mermaid-render'),
};

/**
 * Highlights the code blocks and draws the mermaid diagrams of rendered post HTML in `root`. The server
 * emits ```mermaid fences as <pre><code class="language-mermaid"> (server/src/lib/markdown.ts). Returns a
 * cancel function: work that finishes after it was called leaves the DOM alone.
 */
export function enhancePostContent(root: HTMLElement): () => void {
  let cancelled = false;
  const codeBlocks = Array.from(root.querySelectorAll<HTMLElement>('pre > code'));
  const diagrams = codeBlocks.filter((code) => code.classList.contains('language-mermaid'));
  const code = codeBlocks.filter((block) => !block.classList.contains('language-mermaid'));

  if (code.length > 0) {
    void lazyModules.highlight().then(
      ({ highlightCodeBlocks }) => {
        if (!cancelled) highlightCodeBlocks(code);
      },
      () => undefined, // Without highlighting the code is still readable.
    );
  }

  if (diagrams.length > 0) {
    void lazyModules.mermaid().then(
      async ({ renderDiagram }) => {
        for (const block of diagrams) {
          if (cancelled) return;
          const pre = block.parentElement;
          const svg = await renderDiagram(block.textContent ?? '');
          if (cancelled || !svg || !pre?.isConnected) continue;
          const figure = document.createElement('div');
          figure.className = 'agora-mermaid';
          // mermaid's own output in strict mode (see mermaid-render.ts): labels sanitized by mermaid.
          figure.innerHTML = svg;
          pre.replaceWith(figure);
        }
      },
      () => undefined, // The source stays visible as code.
    );
  }

  return () => {
    cancelled = true;
  };
}

/**
 * A post's body: `html` is the SERVER's output (post/render or the stored parsed_text), rendered from
 * markdown and sanitized there with an allowlist (server/src/lib/markdown.ts; no raw HTML, no script links).
 * Never pass HTML produced in the browser from user input. With `externalImages="ask"` (the site's
 * external_content_display = ask_before_display) images from other origins are buttons until clicked:
 * the string is rewritten before it is inserted, so the browser never requests them (external-images.ts).
 */
export function PostContent({ html, className, externalImages = 'show', siteOrigin }: PostContentProps) {
  const root = useRef<HTMLDivElement>(null);
  const gate = useExternalImageGate(externalImages, siteOrigin);
  const shown = useMemo(() => gate(html), [gate, html]);
  useEffect(() => {
    if (!root.current) return;
    return enhancePostContent(root.current);
  }, [shown]);
  return (
    <div
      ref={root}
      className={['agora-post-content', className].filter(Boolean).join(' ')}
      // Clicks on the "Show image" <button>s inside (a real button: Enter and Space work too).
      onClick={revealExternalImage}
      // Sanitized by the server (see above).
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
