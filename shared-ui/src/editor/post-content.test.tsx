import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModules, PostContent } from './post-content';

const { highlightCodeBlocks, renderDiagram } = vi.hoisted(() => ({
  highlightCodeBlocks: vi.fn(),
  renderDiagram: vi.fn(async (source: string): Promise<string | null> =>
    source.startsWith('flowchart') ? '<svg data-testid="diagram"></svg>' : null,
  ),
}));
vi.mock('./highlight', () => ({ highlightCodeBlocks }));
vi.mock('./mermaid-render', () => ({ renderDiagram }));

/** Lets the lazy imports and the renders queued behind them settle. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('PostContent', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    highlightCodeBlocks.mockClear();
    renderDiagram.mockClear();
  });

  it('shows the server HTML as it is and loads nothing for plain text', async () => {
    const highlight = vi.spyOn(lazyModules, 'highlight');
    const mermaid = vi.spyOn(lazyModules, 'mermaid');
    const { container } = render(<PostContent html="<p>Hello <strong>there</strong></p>" className="extra" />);
    expect(container.firstElementChild).toHaveClass('agora-post-content', 'extra');
    expect(container.firstElementChild!.innerHTML).toBe('<p>Hello <strong>there</strong></p>');
    await settle();
    expect(highlight).not.toHaveBeenCalled();
    expect(mermaid).not.toHaveBeenCalled();
  });

  it('highlights code blocks, and loads mermaid only when a diagram is present', async () => {
    const mermaid = vi.spyOn(lazyModules, 'mermaid');
    const { container } = render(
      <PostContent html={'<pre><code class="language-js">let a = 1;</code></pre><p>and <code>inline</code></p>'} />,
    );
    await settle();
    expect(highlightCodeBlocks).toHaveBeenCalledTimes(1);
    const blocks = highlightCodeBlocks.mock.calls[0]![0] as HTMLElement[];
    expect(blocks).toEqual([container.querySelector('code.language-js')]);
    expect(mermaid).not.toHaveBeenCalled();
  });

  it('draws ```mermaid blocks, and leaves the source when mermaid refuses it', async () => {
    const { container } = render(
      <PostContent
        html={
          '<pre><code class="language-mermaid">flowchart TD\n A--&gt;B</code></pre>' +
          '<pre><code class="language-mermaid">not a diagram</code></pre>'
        }
      />,
    );
    await settle();
    expect(renderDiagram.mock.calls.map(([source]) => source)).toEqual(['flowchart TD\n A-->B', 'not a diagram']);
    expect(container.querySelectorAll('.agora-mermaid svg')).toHaveLength(1);
    expect(container.querySelector('pre code.language-mermaid')).toHaveTextContent('not a diagram');
    expect(highlightCodeBlocks).not.toHaveBeenCalled();
  });

  it('leaves the DOM alone when it went away before the modules arrived', async () => {
    const { container, unmount } = render(
      <PostContent html={'<pre><code class="language-mermaid">flowchart TD</code></pre>'} />,
    );
    const pre = container.querySelector('pre');
    unmount();
    await settle();
    expect(pre?.isConnected).toBe(false);
    expect(renderDiagram).not.toHaveBeenCalled();
  });

  it('enhances new HTML when it changes', async () => {
    const { rerender, container } = render(<PostContent html="<p>one</p>" />);
    await settle();
    rerender(<PostContent html={'<pre><code class="language-mermaid">flowchart LR</code></pre>'} />);
    await settle();
    expect(container.querySelector('.agora-mermaid svg')).not.toBeNull();
  });
});
