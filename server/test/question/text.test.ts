import { describe, expect, it } from 'vitest';
import { plainExcerpt, urlTitle } from '../../src/lib/text';

describe('plainExcerpt', () => {
  it('keeps the visible text of HTML, entities decoded and whitespace collapsed', () => {
    expect(plainExcerpt('<p>Use <code>a &lt; b</code>\n&amp; then&#39;s <a href="/x">it</a></p>')).toBe(
      "Use a < b & then's it",
    );
  });

  it('cuts long text to 240 characters with an ellipsis, and drops a tag cut in half', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const excerpt = plainExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(240);
    expect(excerpt.endsWith('...')).toBe(true);
    expect(plainExcerpt('<p>short</p><a href="/unfinis')).toBe('short');
    expect([...plainExcerpt('😀'.repeat(300))].length).toBe(240);
  });
});

describe('urlTitle', () => {
  it('slugifies titles and falls back to topic', () => {
    expect(urlTitle('How do I use Café & Crème?')).toBe('how-do-i-use-cafe-creme');
    expect(urlTitle('!!!')).toBe('topic');
    expect(urlTitle('问题 one')).toBe(`${encodeURIComponent('问题')}-one`);
    expect(urlTitle('a'.repeat(400)).length).toBe(150);
  });
});
