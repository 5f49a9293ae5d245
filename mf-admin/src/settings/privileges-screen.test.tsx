import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PrivilegesScreen from './privileges-screen';
import { fill, openSettings, saveButton } from './test/open';

const privileges = (ask: number, edit: number) => [
  { key: 'rank.question.add', label: 'Ask a question', value: ask },
  { key: 'rank.question.edit', label: "Edit others' questions", value: edit },
];
const SETTINGS = {
  options: [
    { level: 1, level_desc: 'For a new community', privileges: privileges(1, 1) },
    { level: 2, level_desc: 'For a growing community', privileges: privileges(1, 100) },
    { level: 3, level_desc: 'For a mature community', privileges: privileges(1, 200) },
    { level: 99, level_desc: '', privileges: privileges(5, 300) },
  ],
  selected_level: 2,
};
const open = () =>
  openSettings(PrivilegesScreen, {
    'GET setting/privileges': SETTINGS,
    'PUT setting/privileges': null,
  });
const valueOf = (table: HTMLElement, privilege: string) =>
  within(within(table).getByText(privilege).closest('tr')!).getAllByRole('cell')[1]!;

describe('Settings → Privileges', () => {
  it("shows the chosen level's values in a table and another level's when it is picked", async () => {
    const { user } = open();
    expect(await screen.findByRole('radio', { name: /Level 2/ })).toBeChecked();
    let table = screen.getByRole('table', { name: 'Reputation needed at level 2' });
    expect(valueOf(table, "Edit others' questions")).toHaveTextContent('100');
    await user.click(screen.getByRole('radio', { name: /Level 3/ }));
    table = await screen.findByRole('table', { name: 'Reputation needed at level 3' });
    expect(valueOf(table, "Edit others' questions")).toHaveTextContent('200');
  });

  it('saves a preset as its level alone', async () => {
    const { user, puts } = open();
    await user.click(await screen.findByRole('radio', { name: /Level 1/ }));
    await user.click(saveButton());
    await waitFor(() => expect(puts('setting/privileges')).toHaveLength(1));
    expect(puts('setting/privileges')[0]).toEqual({ level: 1 });
  });

  it('custom: one number of at least 1 per privilege, all sent', async () => {
    const { user, puts } = open();
    await user.click(await screen.findByRole('radio', { name: /Custom/ }));
    const ask = await screen.findByRole('spinbutton', { name: 'Ask a question' });
    expect(ask).toHaveValue('5');
    await fill(user, ask, '0');
    await user.click(saveButton());
    expect(await screen.findByText('Enter a whole number of at least 1.')).toBeInTheDocument();
    expect(puts('setting/privileges')).toHaveLength(0);
    await fill(user, ask, '3');
    await user.click(saveButton());
    await waitFor(() => expect(puts('setting/privileges')).toHaveLength(1));
    expect(puts('setting/privileges')[0]).toEqual({
      level: 99,
      custom_privileges: [
        { key: 'rank.question.add', value: 3 },
        { key: 'rank.question.edit', value: 300 },
      ],
    });
  });
});
