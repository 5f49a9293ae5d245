import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { MarkdownEditor } from './editor-loader';

let release!: () => void;
const arrived = new Promise<void>((resolve) => (release = resolve));
vi.mock('./markdown-editor', async () => {
  await arrived;
  return { MarkdownEditor: ({ id }: { id?: string }) => <textarea id={id} aria-label="the real editor" /> };
});

describe('MarkdownEditor (entry)', () => {
  it('holds the space with a loading status until the editor chunk arrives', async () => {
    renderWithProviders(<MarkdownEditor id="body" value="" onChange={() => {}} render={async () => ''} height={200} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the editor…');
    expect(status).toHaveStyle({ minHeight: '200px' });
    release();
    expect(await screen.findByLabelText('the real editor')).toHaveAttribute('id', 'body');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
