import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { MarkdownEditor } from './markdown-editor';
import { MAX_IMAGE_BYTES } from './image-file';
import { fakeEditor, fakeSurface, resetFakes } from './testing/fake-bytemd';
import type { MarkdownEditorProps } from './types';

vi.mock('./bytemd-host', () => import('./testing/fake-bytemd'));
vi.mock('./surface', () => import('./testing/fake-bytemd'));
// PostContent's lazy helpers are not what these tests are about.
vi.mock('./highlight', () => ({ highlightCodeBlocks: vi.fn() }));
vi.mock('./mermaid-render', () => ({ renderDiagram: vi.fn(async () => null) }));

// antd's tooltips and text areas measure themselves; jsdom has no ResizeObserver.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

function image(name: string, type: string, size = 100): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Harness(props: Partial<MarkdownEditorProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <>
      <label htmlFor="body">Body</label>
      <MarkdownEditor id="body" render={async () => ''} {...props} value={value} onChange={setValue} />
    </>
  );
}

describe('MarkdownEditor', () => {
  beforeEach(() => resetFakes());

  it('labels the writing area and offers the toolbar with its shortcuts', () => {
    renderWithProviders(<Harness aria-describedby="hint" status="error" />);
    const input = screen.getByLabelText('Body');
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toMatch(/^hint /);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Heading',
      'Bold',
      'Italic',
      'Code',
      'Link',
      'Blockquote',
      'Image',
      'Numbered list',
      'Bulleted list',
      'Horizontal rule',
      'Table',
      'Diagram',
      'Keyboard shortcuts',
    ]);
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(within(toolbar).getByRole('button', { name: 'Code' })).toHaveAttribute('aria-keyshortcuts', 'Control+K');
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toHaveAttribute('aria-keyshortcuts', 'Control+L');
  });

  it('speaks Chinese when the language is zh_CN', () => {
    renderWithProviders(<Harness />, { language: 'zh_CN' });
    expect(screen.getByRole('toolbar', { name: '格式' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '粗体' })).toBeInTheDocument();
  });

  it('toolbar: one Tab stop, arrow keys move between buttons', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveFocus();
  });

  it('runs simple commands on the text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(fakeSurface.wrap).toHaveBeenCalledWith('**');
    await user.click(screen.getByRole('button', { name: 'Horizontal rule' }));
    expect(fakeSurface.insertBlock).toHaveBeenCalledWith('---');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(fakeSurface.insertBlock).toHaveBeenLastCalledWith(
      expect.stringMatching(/^\| Header 1 \| Header 2 \|\n\| --- \| --- \|/),
    );
    const lines = fakeSurface.mapLines;
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    const map = lines.mock.lastCall![0] as (lines: string[]) => string[];
    expect(map(['a', 'b'])).toEqual(['- a', '- b']);
  });

  it('lists the shortcuts in the help panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const help = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    const text = panel.textContent ?? '';
    for (const entry of [
      'Ctrl+BBold',
      'Ctrl+IItalic',
      'Ctrl+KCode',
      'Ctrl+LLink',
      'Ctrl+QBlockquote',
      'Ctrl+GImage',
      'Ctrl+HHeading',
      'Ctrl+ONumbered list',
      'Ctrl+UBulleted list',
      'Ctrl+RHorizontal rule',
      'Shift+TabOutdent',
    ]) {
      expect(text).toContain(entry);
    }
    expect(text).toContain('press Esc, then Tab');
  });

  it('link dialog: the URL is required; inserts [text](url) with the selection as text', async () => {
    const user = userEvent.setup();
    fakeSurface.selection = 'the docs';
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    expect(within(dialog).getByLabelText('Text')).toHaveValue('the docs');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await within(dialog).findByText('URL cannot be empty.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('URL'));
    await user.paste('https://example.com');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(fakeSurface.insertInline).toHaveBeenCalledWith('[the docs](https://example.com)'));
  });

  it('code dialog: code may not be blank; long code goes in as a block', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add code' });
    await user.type(within(dialog).getByLabelText('Code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await within(dialog).findByText('Code cannot be empty.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.paste('x'.repeat(40));
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() =>
      expect(fakeSurface.insertBlock).toHaveBeenCalledWith('```\n' + 'x'.repeat(40) + '\n```', {
        replaceSelection: false,
      }),
    );
  });

  it('image dialog: refuses other types, uploads with a loading label, inserts ![description](url)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let finish!: (url: string) => void;
    const upload = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    renderWithProviders(<Harness upload={upload} />);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
    const picker = within(dialog).getByLabelText('Upload a file');
    expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,.jpeg,.jpg,.png,.webp');

    await user.upload(picker, image('a.gif', 'image/gif'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only image files are allowed');
    await user.upload(picker, image('a.png', 'image/png', MAX_IMAGE_BYTES + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('File size cannot exceed 4 MB.');
    expect(upload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await within(dialog).findByText('Upload a file or enter an image URL.')).toBeInTheDocument();

    await user.upload(picker, image('cat.png', 'image/png'));
    expect(within(dialog).getByText('Uploading…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert' })).toBeDisabled();
    await act(async () => finish('/uploads/cat.png'));
    expect(within(dialog).getByLabelText('Image URL')).toHaveValue('/uploads/cat.png');
    await user.click(within(dialog).getByLabelText('Description (alt text)'));
    await user.paste('A cat');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(fakeSurface.insertInline).toHaveBeenCalledWith('![A cat](/uploads/cat.png)'));
  });

  it('pasted images are checked, uploaded with an announced loading label, then inserted', async () => {
    let finish!: (url: string) => void;
    const upload = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    renderWithProviders(<Harness upload={upload} />);
    const paste = (file: File) => {
      const event = new Event('paste', { cancelable: true }) as Event & { clipboardData: unknown };
      event.clipboardData = { types: ['Files'], items: [{ kind: 'file', getAsFile: () => file }] };
      act(() => fakeEditor.fire('paste', event));
      return event;
    };

    expect(paste(image('big.png', 'image/png', MAX_IMAGE_BYTES + 1)).defaultPrevented).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('File size cannot exceed 4 MB.');

    paste(image('image.png', 'image/png'));
    const live = screen.getByText('Uploading…');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => finish('/uploads/image.png'));
    expect(fakeSurface.insertBlock).toHaveBeenCalledWith('![](/uploads/image.png)');
    expect(screen.queryByText('Uploading…')).not.toBeInTheDocument();
  });

  it('shows the upload error in the editor area', async () => {
    const upload = vi.fn(async () => {
      throw new Error('Only image files are allowed.');
    });
    renderWithProviders(<Harness upload={upload} />);
    const event = new Event('drop', { cancelable: true }) as Event & { dataTransfer: unknown };
    event.dataTransfer = { items: [{ kind: 'file', getAsFile: () => image('a.png', 'image/png') }] };
    await act(async () => fakeEditor.fire('drop', event));
    expect(screen.getByRole('alert')).toHaveTextContent('Only image files are allowed.');
  });

  it('pastes the text when the clipboard holds text and a picture of it (office documents)', () => {
    const upload = vi.fn(async () => '/uploads/x.png');
    renderWithProviders(<Harness upload={upload} />);
    const event = new Event('paste', { cancelable: true }) as Event & { clipboardData: unknown };
    event.clipboardData = {
      types: ['text/plain', 'text/html', 'Files'],
      items: [{ kind: 'file', getAsFile: () => image('image.png', 'image/png') }],
    };
    fakeEditor.fire('paste', event);
    expect(event.defaultPrevented).toBe(false);
    expect(upload).not.toHaveBeenCalled();
  });

  it('leaves pasted images alone when there is no upload', () => {
    renderWithProviders(<Harness />);
    const event = new Event('paste', { cancelable: true }) as Event & { clipboardData: unknown };
    event.clipboardData = { items: [{ kind: 'file', getAsFile: () => image('a.png', 'image/png') }] };
    fakeEditor.fire('paste', event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('marks Esc then Tab as a key press CodeMirror must ignore (the focus leaves), plain Tab not', () => {
    renderWithProviders(<Harness />);
    const press = (key: string) => {
      const event = new KeyboardEvent('keydown', { key }) as KeyboardEvent & { codemirrorIgnore?: boolean };
      fakeEditor.fire('keydown', event);
      return event.codemirrorIgnore === true;
    };
    expect(press('Tab')).toBe(false);
    press('Escape');
    expect(press('Tab')).toBe(true);
    expect(press('Tab')).toBe(false);
    press('Escape');
    press('a');
    expect(press('Tab')).toBe(false);
  });

  it('previews the server HTML: at once, then 1 s after the last change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const render = vi.fn(async (markdown: string) => `<p class="from-server">${markdown.length} chars</p>`);
      renderWithProviders(<Harness value="**hi**" render={render} />);
      expect(render).toHaveBeenCalledWith('**hi**');
      const preview = screen.getByRole('region', { name: 'Preview' });
      expect(await within(preview).findByText('6 chars')).toHaveClass('from-server');

      fireEvent.change(screen.getByLabelText('Body'), { target: { value: '**hi** there' } });
      await act(async () => vi.advanceTimersByTime(999));
      expect(render).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(1));
      expect(render).toHaveBeenLastCalledWith('**hi** there');
      expect(await within(preview).findByText('12 chars')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the preview cannot be rendered', async () => {
    renderWithProviders(<Harness value="x" render={() => Promise.reject(new Error('500'))} />);
    expect(await screen.findByText(/The preview could not be rendered/)).toBeInTheDocument();
  });
});
