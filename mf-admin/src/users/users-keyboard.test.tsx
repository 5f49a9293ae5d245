import { mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../test/antd';
import { user } from '../test/fixtures';
import { ADMIN, renderAdmin } from '../test/render';
import UsersScreen from './users-screen';

function serve() {
  return mockFetch({
    [`GET ${ADMIN}/users/page`]: { count: 1, list: [user(1)] },
    [`GET ${ADMIN}/roles`]: [{ id: 1, name: 'User', description: 'Default with no special access.' }],
    [`PUT ${ADMIN}/user/status`]: null,
  });
}

/** The row's Actions button, focused (the e2e suite tabs to it). */
async function focusActions() {
  const button = await screen.findByRole('button', { name: 'Actions for Member 1' });
  button.focus();
  return button;
}

const menuItem = (name: string) => screen.getByRole('menuitem', { name });

describe('the row Actions menu from the keyboard', () => {
  it('opens on Enter with the focus on its first item, moves with the arrows and closes on Escape', async () => {
    serve();
    renderAdmin(UsersScreen, '/admin/users');
    const u = userEvent.setup();
    const button = await focusActions();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(menuItem('Change status')).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{ArrowDown}');
    await waitFor(() => expect(menuItem('Change role')).toHaveFocus());
    await u.keyboard('{ArrowDown}');
    await waitFor(() => expect(menuItem('Set password')).toHaveFocus());
    await u.keyboard('{ArrowUp}');
    await waitFor(() => expect(menuItem('Change role')).toHaveFocus());
    await u.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  }, 60_000);

  it('Enter and Space on an item open its dialog; closing the dialog gives the focus back to the button', async () => {
    serve();
    renderAdmin(UsersScreen, '/admin/users');
    const u = userEvent.setup();
    const button = await focusActions();
    const steps: [key: string, downs: number, title: string][] = [
      ['{Enter}', 0, 'Change the status of Member 1'],
      [' ', 1, 'Change the role of Member 1'],
      ['{Enter}', 2, 'Set the password of Member 1'],
    ];
    for (const [key, downs, title] of steps) {
      await u.keyboard('{Enter}');
      await waitFor(() => expect(menuItem('Change status')).toHaveFocus());
      for (let i = 0; i < downs; i++) await u.keyboard('{ArrowDown}');
      await u.keyboard(key);
      const dialog = await findDialog(title);
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      // (antd's Escape needs the browser's keyCode: the e2e suite presses it.)
      await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(button, title).toHaveFocus();
    }
  }, 90_000);
});
