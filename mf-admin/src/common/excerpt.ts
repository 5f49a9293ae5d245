/** Characters of a post's text shown in a list row. */
const EXCERPT = 140;

/** A post's markdown as a one-paragraph plain excerpt (code, images and marks dropped, links reduced to their words). */
export function excerptOf(markdown: string): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : text;
}
