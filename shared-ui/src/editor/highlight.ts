// Loaded lazily by PostContent when a post has code blocks: highlight.js core with its "common" language
// set (about 35 languages), not the full bundle.
import hljs from 'highlight.js/lib/common';

/** Highlights `pre > code` blocks in place; code in a language highlight.js does not know stays plain. */
export function highlightCodeBlocks(blocks: readonly HTMLElement[]): void {
  for (const block of blocks) {
    if (block.dataset.highlighted) continue;
    const language = /(?:^|\s)language-([\w#+.-]+)/.exec(block.className)?.[1];
    if (language && !hljs.getLanguage(language)) continue;
    // highlight.js reads textContent and writes escaped markup: no HTML from the post is re-parsed.
    hljs.highlightElement(block);
  }
}
