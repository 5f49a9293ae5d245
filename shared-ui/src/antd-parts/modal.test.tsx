import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../antd';

/** A dialog its opener unmounts as it closes, the way the app's dialogs are written. */
function Opener({ keepMounted = false }: { keepMounted?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Modal open={open} title="Delete" onCancel={() => setOpen(false)} onOk={() => setOpen(false)}>
      <input aria-label="Reason" autoFocus />
    </Modal>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {keepMounted ? dialog : open && dialog}
    </>
  );
}

describe('Modal returns the focus to its opener', () => {
  it('when its caller unmounts it on close (Escape)', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await screen.findByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('when it stays mounted and closes (OK)', async () => {
    const user = userEvent.setup();
    render(<Opener keepMounted />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves the focus where the caller put it after closing', async () => {
    function Refocusing() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <input aria-label="Editor" id="editor" />
          {open && (
            <Modal
              open
              title="Link"
              onCancel={() => {
                document.getElementById('editor')!.focus();
                setOpen(false);
              }}
            />
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Refocusing />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Editor' })).toHaveFocus();
  });

  it('Tab on its last control goes to its first, Shift+Tab on the first to the last', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    ok.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
  });
});
