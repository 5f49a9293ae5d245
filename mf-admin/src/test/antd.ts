import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Opens the antd select named `name` and picks `option` in the open list (earlier lists stay in the
 * document, hidden: the last one is the open one).
 */
export async function pick(name: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name }));
  let target: HTMLElement | undefined;
  await waitFor(() => {
    const found = screen.getAllByText(option, { selector: '.ant-select-item-option-content' });
    target = found[found.length - 1];
    expect(target).toBeTruthy();
  });
  await user.click(target!);
  return user;
}

/**
 * The open dialog titled `title`. antd names every element "test-id" under NODE_ENV=test, so a dialog's
 * aria-labelledby can resolve to another element in tests (unique ids in the browser): match the title.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
    expect(found).toBeTruthy();
  });
  return found!;
}
