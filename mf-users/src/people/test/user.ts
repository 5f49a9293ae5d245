import userEvent from '@testing-library/user-event';

export type User = ReturnType<typeof userEvent.setup>;

export const setupUser = () => userEvent.setup({ delay: null });

/** Replaces a field's text the way a user pasting it would (one input event: fast with antd's validation). */
export async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}
