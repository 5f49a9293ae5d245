import { describe, expect, it } from 'vitest';
import { highlightCodeBlocks } from './highlight';

function block(html: string): HTMLElement {
  const pre = document.createElement('pre');
  pre.innerHTML = html;
  document.body.append(pre);
  return pre.querySelector('code')!;
}

describe('highlightCodeBlocks', () => {
  it('colours known languages and keeps the text (escaped) the same', () => {
    const code = block('<code class="language-js">const a = "&lt;b&gt;";</code>');
    highlightCodeBlocks([code]);
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(code.textContent).toBe('const a = "<b>";');
    expect(code.querySelector('b')).toBeNull();
  });

  it('leaves code in an unknown language plain', () => {
    const code = block('<code class="language-nosuchlang">x = 1</code>');
    highlightCodeBlocks([code]);
    expect(code.innerHTML).toBe('x = 1');
  });
});
