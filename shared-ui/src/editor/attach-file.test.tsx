import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { attachmentSnippet, checkAttachmentFile } from './attach-file';
import { MarkdownEditor } from './markdown-editor';
import { fakeSurface, resetFakes } from './testing/fake-bytemd';
import type { AttachmentOptions } from './types';

vi.mock('./bytemd-host', () => import('./testing/fake-bytemd'));
vi.mock('./surface', () => import('./testing/fake-bytemd'));
vi.mock('./highlight', () => ({ highlightCodeBlocks: vi.fn() }));
vi.mock('./mermaid-render', () => ({ renderDiagram: vi.fn(async () => null) }));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

const MB = 1024 * 1024;

function file(name: string, size = 100): File {
  const made = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function Harness({ attach }: { attach?: AttachmentOptions }) {
  const [value, setValue] = useState('');
  return <MarkdownEditor aria-label="Body" render={async () => ''} attach={attach} value={value} onChange={setValue} />;
}

describe('Attach file in the editor', () => {
  beforeEach(() => resetFakes());

  it('is not offered when the site allows no attachment', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('button', { name: 'Attach file' })).toBeNull();
    renderWithProviders(<Harness attach={{ extensions: [], maxBytes: MB, upload: vi.fn() }} />);
    expect(screen.queryByRole('button', { name: 'Attach file' })).toBeNull();
  });

  it('uploads an allowed file and puts a link named by the file at the cursor', async () => {
    const upload = vi.fn(async () => 'https://example.com/uploads/files/post/abc/report.pdf');
    renderWithProviders(<Harness attach={{ extensions: ['pdf', 'zip'], maxBytes: 2 * MB, upload }} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    // In the toolbar's keyboard order, right after Image.
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names.slice(names.indexOf('Image'), names.indexOf('Image') + 2)).toEqual(['Image', 'Attach file']);
    const picker = screen.getByLabelText<HTMLInputElement>('Attach file', { selector: 'input' });
    expect(picker.accept).toBe('.pdf,.zip');
    const click = vi.spyOn(picker, 'click');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Attach file' }));
    expect(click).toHaveBeenCalled();

    const report = file('Q3 [final].pdf');
    await userEvent.upload(picker, report);
    expect(upload).toHaveBeenCalledWith(report);
    await waitFor(() =>
      expect(fakeSurface.insertInline).toHaveBeenCalledWith(
        '[Q3 \\[final\\].pdf](https://example.com/uploads/files/post/abc/report.pdf)',
      ),
    );
    expect(fakeSurface.focus).toHaveBeenCalled();
  });

  it('refuses another type or a file too big before sending, and shows what the server says', async () => {
    const upload = vi.fn(async () => {
      throw new Error('This site does not accept file attachments.');
    });
    renderWithProviders(<Harness attach={{ extensions: ['pdf'], maxBytes: 2 * MB, upload }} />, {
      language: 'zh_CN',
    });
    const picker = screen.getByLabelText<HTMLInputElement>('附加文件', { selector: 'input' });
    await userEvent.upload(picker, file('tool.exe'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('不能附加此类文件。允许：pdf。');
    await userEvent.upload(picker, file('big.pdf', 2 * MB + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('文件大小不能超过 2 MB。');
    expect(upload).not.toHaveBeenCalled();
    await userEvent.upload(picker, file('ok.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This site does not accept file attachments.');
    expect(fakeSurface.insertInline).not.toHaveBeenCalled();
  });

  it('checks names and escapes link text', () => {
    const options = { extensions: ['pdf'], maxBytes: 10 };
    expect(checkAttachmentFile({ name: 'a.PDF', size: 10 }, options)).toBeNull();
    expect(checkAttachmentFile({ name: '.pdf', size: 1 }, options)).toBe('attach_type');
    expect(checkAttachmentFile({ name: 'a.pdf', size: 11 }, options)).toBe('max_size');
    expect(attachmentSnippet('a]b', '/u')).toBe('[a\\]b](/u)');
  });
});
