import { describe, expect, it } from 'vitest';
import { isSingleLine } from './field-rules';

describe('isSingleLine', () => {
  it('takes any one-line text, in any script, with spaces and punctuation', () => {
    for (const value of ['', 'Agora', 'Q&A — 问答社区', 'Ünïcödé, emoji 🎉', ' spaced  out ', 'a\u00a0b'])
      expect(isSingleLine(value), JSON.stringify(value)).toBe(true);
  });

  it('refuses line breaks, tabs and every other control character', () => {
    for (const value of [
      'a\nb',
      'a\rb',
      'a\r\nBcc: x@example.com',
      'a\tb',
      'a\u0000b',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
    ])
      expect(isSingleLine(value), JSON.stringify(value)).toBe(false);
  });
});
