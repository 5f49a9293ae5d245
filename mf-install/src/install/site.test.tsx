import { screen, waitFor } from '@testing-library/react';
import { envelope, mockFetch, type Handler } from '../test/http';
import { renderInstall } from '../test/render';
import { fill, setupUser, type User } from '../test/user';

const READY = { config_file_exist: true, db_connection_success: true, db_table_exist: false };

async function openSiteStep(baseInfo: Handler = null) {
  const http = mockFetch({
    'POST /installation/config-file/check': READY,
    'GET /installation/language/options': [{ label: 'English', value: 'en_US' }],
    'POST /installation/base-info': baseInfo,
  });
  const user = setupUser();
  renderInstall();
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  // Step 3 replaces step 1 (whose form submits asynchronously) before its own Next is clicked.
  await screen.findByRole('heading', { level: 2, name: /Configuration and database ready/ });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: /Site information and admin account/ });
  return { http, user };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillValid(user: User) {
  await fill(user, field('Site name'), 'Agora');
  await fill(user, field('Site URL'), 'https://agora.example.com/');
  await fill(user, field('Contact e-mail'), 'contact@example.com');
  await fill(user, field('Admin name'), 'admin');
  await fill(user, field('Admin password'), 'secret-pass');
  await fill(user, field('Admin e-mail'), 'admin@example.com');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Install' }));

describe('the install wizard: site information and admin account', () => {
  test('empty required fields: one message per field, nothing sent, focus on the first', async () => {
    const { http, user } = await openSiteStep();
    await fill(user, field('Site URL'), '');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Site name cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Site URL cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Contact e-mail cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin name cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin password cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin e-mail cannot be empty.')).toBeInTheDocument());
    expect(field('Site name')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field('Site name')).toHaveFocus());
    expect(http.bodiesOf('POST', '/installation/base-info')).toHaveLength(0);
  });

  test('one-line fields: a tab or another control character is refused before anything is sent', async () => {
    const { http, user } = await openSiteStep();
    await fillValid(user);
    await fill(user, field('Site name'), 'Agora\tQ&A');
    await fill(user, field('Site URL'), 'https://agora.example.com/\u0007');
    await fill(user, field('Contact e-mail'), 'contact@example.com\u001b');
    await fill(user, field('Admin name'), 'ad\u0000min');
    await fill(user, field('Admin e-mail'), 'admin@example.com\u0085');
    await submit(user);
    await waitFor(() =>
      expect(screen.getAllByText('One line only: no line breaks, tabs or other control characters.')).toHaveLength(5),
    );
    expect(http.bodiesOf('POST', '/installation/base-info')).toHaveLength(0);
  });

  test('invalid values: site name over 30, bad URL, bad e-mails, name length and characters, password 8 to 32', async () => {
    const { http, user } = await openSiteStep();
    await fillValid(user);
    await fill(user, field('Site name'), 'x'.repeat(31));
    await fill(user, field('Site URL'), 'not a url');
    await fill(user, field('Contact e-mail'), 'contact@');
    await fill(user, field('Admin name'), 'a');
    await fill(user, field('Admin password'), 'short');
    await fill(user, field('Admin e-mail'), 'admin.example.com');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Site name can be at most 30 characters.')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByText('Site URL is not a valid URL (e.g. https://example.com).')).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByText('Contact e-mail is not a valid e-mail address.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin name must be 2 to 30 characters.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin password must be 8 to 32 characters.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Admin e-mail is not a valid e-mail address.')).toBeInTheDocument());

    await fill(user, field('Admin name'), 'admin!');
    await fill(user, field('Admin password'), 'p'.repeat(33));
    await fill(user, field('Site URL'), 'ftp://agora.example.com');
    await waitFor(() =>
      expect(
        screen.getByText('Admin name may only use a-z, 0-9, space, period (.), hyphen (-) and underscore (_).'),
      ).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByText('Admin password must be 8 to 32 characters.')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByText('Site URL is not a valid URL (e.g. https://example.com).')).toBeInTheDocument(),
    );
    expect(http.bodiesOf('POST', '/installation/base-info')).toHaveLength(0);

    // Fixing every field clears the messages and the form goes out.
    await fillValid(user);
    await submit(user);
    expect(await screen.findByRole('heading', { level: 2, name: /Your site is ready/ })).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/installation/base-info')).toEqual([
      expect.objectContaining({ site_name: 'Agora', site_url: 'https://agora.example.com', name: 'admin' }),
    ]);
  });

  test('the server’s field errors land on their fields; unknown fields go to the alert; the step stays', async () => {
    const { user } = await openSiteStep(
      envelope(
        [
          { error_field: 'email', error_msg: 'This e-mail is not allowed here.' },
          { error_field: 'name', error_msg: 'This name is reserved.' },
          { error_field: 'lang', error_msg: 'Unknown language.' },
        ],
        400,
        'error.common.invalid',
        'Invalid input.',
      ),
    );
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(screen.getByText('This e-mail is not allowed here.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('This name is reserved.')).toBeInTheDocument());
    expect(field('Admin e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Admin name')).toHaveAttribute('aria-invalid', 'true');
    // The first field the server named gets the focus.
    await waitFor(() => expect(field('Admin e-mail')).toHaveFocus());
    await waitFor(() => expect(screen.getByText('The site could not be set up')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Unknown language.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Step 4 of 5')).toBeInTheDocument());
    // Editing the field clears the server's message.
    await fill(user, field('Admin e-mail'), 'other@example.com');
    await waitFor(() => expect(screen.queryByText('This e-mail is not allowed here.')).not.toBeInTheDocument());
  });

  test('a failure without field errors shows the server’s message in an alert above the form', async () => {
    const { user } = await openSiteStep(
      envelope({ err_type: 'alert' }, 400, 'error.install.failed', 'The database went away.'),
    );
    await fillValid(user);
    await submit(user);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('The database went away.'))).toBe(true);
    await waitFor(() => expect(screen.getByText('Step 4 of 5')).toBeInTheDocument());
  });

  test('base-info cannot write the configuration file: the alert and the text to write by hand, then Install again', async () => {
    let written = false;
    const { http, user } = await openSiteStep(() =>
      written
        ? null
        : envelope(
            {
              success: false,
              create_config_failed: true,
              default_config: '{ "database": {} }',
              config_file: '/data/config.json',
              err_type: 'alert',
            },
            400,
            'error.install.create_config_failed',
            'The server could not write its configuration file.',
          ),
    );
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(screen.getByText('The configuration file could not be created')).toBeInTheDocument());
    expect(screen.getByRole('figure', { name: 'Configuration to save' })).toHaveTextContent('{ "database": {} }');
    expect(screen.getByText('/data/config.json')).toBeInTheDocument();
    expect(screen.getByText('Come back here and choose Install again.')).toBeInTheDocument();
    written = true;
    await submit(user);
    expect(await screen.findByRole('heading', { level: 2, name: /Your site is ready/ })).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/installation/base-info')).toHaveLength(2);
  });

  test('Install shows a pending state while the server works', async () => {
    let release!: () => void;
    const { user } = await openSiteStep(() => new Promise((resolve) => (release = () => resolve(null))));
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(screen.getByRole('button', { name: /Install/ })).toHaveAttribute('aria-busy', 'true'));
    expect(field('Site name')).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { level: 2, name: /Your site is ready/ })).toBeInTheDocument();
  });
});
