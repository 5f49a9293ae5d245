import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GeneralScreen from './general-screen';
import { fill, openSettings, saveButton } from './test/open';

const GENERAL = {
  name: 'Agora',
  site_url: 'https://qa.example.com',
  short_description: 'Questions and answers',
  description: 'A place to ask.',
  contact_email: 'admin@example.com',
};
const SECURITY = { login_required: true, external_content_display: 'always_display', check_update: true };
const open = () =>
  openSettings(GeneralScreen, {
    'GET siteinfo/general': GENERAL,
    'PUT siteinfo/general': ({ body }: { body: unknown }) => body,
    'GET siteinfo/security': SECURITY,
    'PUT siteinfo/security': ({ body }: { body: unknown }) => body,
  });

describe('Settings → General', () => {
  it('requires every field, a valid site URL and e-mail, and sends nothing until they are right', async () => {
    document.title = '';
    const { user, puts } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'General' })).toBeInTheDocument();
    await screen.findByLabelText('Site name');
    for (const label of ['Site name', 'Site URL', 'Short description', 'Description', 'Contact e-mail'])
      await fill(user, screen.getByLabelText(label), '');
    await user.click(saveButton());
    for (const message of [
      'Site name cannot be empty.',
      'Site URL cannot be empty.',
      'Short description cannot be empty.',
      'Description cannot be empty.',
      'Contact e-mail cannot be empty.',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Site URL'), 'qa.example.com');
    await fill(user, screen.getByLabelText('Contact e-mail'), 'admin@');
    await fill(user, screen.getByLabelText('Site name'), 'x'.repeat(129));
    expect(
      await screen.findByText('Site URL is not a valid address (e.g. https://qa.example.com).'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Contact e-mail is not a valid address.')).toBeInTheDocument();
    expect(await screen.findByText('At most 128 characters.')).toBeInTheDocument();
    expect(puts('siteinfo/general')).toHaveLength(0);
    // The page's title is the screen's name (the site's name follows once the shell has loaded it).
    expect(document.title).toBe('General');
  });

  it('keeps the one-line fields to one line (tabs and control characters refused); the description may wrap', async () => {
    const oneLine = 'One line only: no line breaks, tabs or other control characters.';
    const { user, puts } = open();
    await fill(user, await screen.findByLabelText('Site name'), 'Agora\tQ&A');
    await fill(user, screen.getByLabelText('Short description'), 'Ask\u0007 anything');
    await fill(user, screen.getByLabelText('Contact e-mail'), 'admin@example.com\u001b');
    await fill(user, screen.getByLabelText('Description'), 'First line.\nSecond line.');
    await user.click(saveButton());
    await waitFor(() => expect(screen.getAllByText(oneLine)).toHaveLength(3));
    expect(puts('siteinfo/general')).toHaveLength(0);
    await fill(user, screen.getByLabelText('Site name'), 'Agora Q&A');
    await fill(user, screen.getByLabelText('Short description'), 'Ask anything');
    await fill(user, screen.getByLabelText('Contact e-mail'), 'admin@example.com');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/general')).toHaveLength(1));
    expect(puts('siteinfo/general')[0]).toMatchObject({ name: 'Agora Q&A', description: 'First line.\nSecond line.' });
  });

  it('saves exactly the group, trimmed', async () => {
    const { user, puts } = open();
    await fill(user, await screen.findByLabelText('Site name'), '  Agora Q&A ');
    await fill(user, screen.getByLabelText('Site URL'), 'https://ask.example.org/community');
    await fill(user, screen.getByLabelText('Contact e-mail'), 'team@example.org');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/general')).toHaveLength(1));
    expect(puts('siteinfo/general')[0]).toEqual({
      name: 'Agora Q&A',
      site_url: 'https://ask.example.org/community',
      short_description: 'Questions and answers',
      description: 'A place to ask.',
      contact_email: 'team@example.org',
    });
    expect(puts('siteinfo/security')).toHaveLength(0);
  });

  it('saves the security section on its own, keeping the private-site switch as loaded', async () => {
    const { user, puts } = open();
    const section = await screen.findByRole('region', { name: 'Security' });
    await user.click(await within(section).findByLabelText('Ask before displaying'));
    await user.click(within(section).getByRole('switch', { name: 'Check for updates' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts('siteinfo/security')).toHaveLength(1));
    expect(puts('siteinfo/security')[0]).toEqual({
      login_required: true,
      external_content_display: 'ask_before_display',
      check_update: false,
    });
    expect(puts('siteinfo/general')).toHaveLength(0);
  });
});
