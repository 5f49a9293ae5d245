import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { AntdProvider } from '../theme/antd-theme';
// Through the entry, as screens use it: the editor chunk loads lazily.
import { MarkdownEditor } from './editor-loader';
import { PostContent } from './post-content';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A stand-in for the server's post/render: escapes everything, keeps fenced code as <pre><code
 * class="language-x"> (what server/src/lib/markdown.ts emits) and the rest as paragraphs. Just enough to
 * exercise the preview, highlighting and diagrams.
 */
async function fakeRender(markdown: string): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  const parts = markdown.split(/^```([\w#+.-]*)\n([\s\S]*?)^```$/m);
  let html = '';
  for (let i = 0; i < parts.length; i += 3) {
    const text = parts[i] ?? '';
    html += text
      .split(/\n{2,}/)
      .filter((paragraph) => paragraph.trim() !== '')
      .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
      .join('\n');
    if (i + 2 < parts.length) {
      const language = parts[i + 1] ? ` class="language-${parts[i + 1]}"` : '';
      html += `<pre><code${language}>${escapeHtml(parts[i + 2] ?? '')}</code></pre>`;
    }
  }
  return html;
}

/** A stand-in for POST file: waits a second and answers an object URL. */
async function fakeUpload(file: File): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return URL.createObjectURL(file);
}

const SAMPLE = [
  'Some **markdown** with `inline code`.',
  '',
  '```ts',
  'const answer: number = 42;',
  'console.log(answer);',
  '```',
  '',
  '```mermaid',
  'flowchart TD',
  '    A[Start] --> B{Is it working?}',
  '    B -- Yes --> C[Done]',
  '```',
].join('\n');

function EditorDemo({ initial, withUpload }: { initial: string; withUpload: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <AntdProvider>
      <div style={{ maxWidth: 760 }}>
        <label htmlFor="story-body" style={{ display: 'block', marginBottom: 6, fontWeight: 600 }}>
          Body
        </label>
        <MarkdownEditor
          id="story-body"
          value={value}
          onChange={setValue}
          render={fakeRender}
          upload={withUpload ? fakeUpload : undefined}
          placeholder="Write in markdown…"
        />
      </div>
    </AntdProvider>
  );
}

const meta = {
  title: 'Editor/MarkdownEditor',
  component: EditorDemo,
  args: { initial: SAMPLE, withUpload: true },
} satisfies Meta<typeof EditorDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { initial: '' } };
export const WithoutUploads: Story = { args: { withUpload: false } };

export const Content: StoryObj = {
  render: () => (
    <PostContent
      html={[
        '<p>Rendered on the server, highlighted and drawn here.</p>',
        '<pre><code class="language-python">def greet(name):\n    return f"Hello, {name}"\n</code></pre>',
        '<pre><code class="language-mermaid">sequenceDiagram\n    Alice->>Bob: Hello Bob\n    Bob-->>Alice: Hi!\n</code></pre>',
      ].join('')}
    />
  ),
};
