import { renderPostHtml } from '../../lib/markdown';
import { EXCERPT_LIMIT, plainExcerpt } from '../../lib/text';

/**
 * A post's plain-text description from its markdown: rendered and sanitized like the post itself,
 * then reduced to visible text by `plainExcerpt` (for HTML that is already rendered, call
 * `plainExcerpt` directly).
 */
export function postExcerpt(markdown: string, limit = EXCERPT_LIMIT): string {
  // Inline elements join their text to the neighbours' ("*sort*?" -> "sort?"); block ends separate.
  const html = renderPostHtml(markdown).replace(/<\/?(?:a|em|strong|s|del|b|i|code)(?:\s[^>]*)?>/g, '');
  return plainExcerpt(html, limit);
}
