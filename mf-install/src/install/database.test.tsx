import { screen, waitFor } from '@testing-library/react';
import { deferred, envelope, mockFetch } from '../test/http';
import { renderInstall } from '../test/render';
import { fill, setupUser, type User } from '../test/user';

const routes = {
  'POST /installation/config-file/check': {
    config_file_exist: false,
    db_connection_success: false,
    db_table_exist: false,
  },
  'GET /installation/language/options': [{ label: 'English', value: 'en_US' }],
};

async function openDatabaseStep(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: /Connect a database/ });
}

describe('the install wizard: database step', () => {
  test('every field of the chosen type is required, with a message per field', async () => {
    const http = mockFetch(routes);
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);

    await fill(user, screen.getByLabelText('Database file'), '');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Database file cannot be empty.')).toBeInTheDocument());

    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(screen.queryByLabelText('Database file')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Database host'), '');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Database host cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Database name cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Database username cannot be empty.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Database password cannot be empty.')).toBeInTheDocument());
    expect(screen.getByLabelText('Database host')).toHaveAttribute('aria-invalid', 'true');
    // The first field in error gets the focus.
    await waitFor(() => expect(screen.getByLabelText('Database host')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    // Nothing is sent while fields are missing.
    expect(http.bodiesOf('POST', '/installation/db/check')).toHaveLength(0);
    expect(http.bodiesOf('POST', '/installation/init')).toHaveLength(0);
  });

  test('the SQLite file is a bare file name: a path or a leading dot is refused before anything is sent', async () => {
    const http = mockFetch({ ...routes, 'POST /installation/db/check': { connection_success: true } });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    const message =
      'Enter a file name only: letters, digits, periods, hyphens and underscores, not starting with a period (no folders).';
    for (const value of ['/var/lib/agora.sqlite3', '../agora.sqlite3', '.agora']) {
      await fill(user, screen.getByLabelText('Database file'), value);
      await user.click(screen.getByRole('button', { name: 'Check connection' }));
      await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    }
    expect(http.bodiesOf('POST', '/installation/db/check')).toHaveLength(0);
    await fill(user, screen.getByLabelText('Database file'), 'my-site.sqlite3');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    await waitFor(() =>
      expect(http.bodiesOf('POST', '/installation/db/check')).toEqual([
        { db_type: 'sqlite3', db_file: 'my-site.sqlite3' },
      ]),
    );
    // antd lets the message fade out: it leaves the document when its animation ends.
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
  });

  test('the host defaults follow the engine: localhost:3306 for MySQL, localhost:5432 for PostgreSQL; a typed host stays', async () => {
    mockFetch(routes);
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(screen.getByLabelText('Database host')).toHaveValue('localhost:3306');
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    expect(screen.getByLabelText('Database host')).toHaveValue('localhost:5432');
    await fill(user, screen.getByLabelText('Database host'), 'db.internal:6543');
    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(screen.getByLabelText('Database host')).toHaveValue('db.internal:6543');
    await user.click(screen.getByRole('radio', { name: 'SQLite' }));
    expect(screen.getByLabelText('Database file')).toHaveValue('agora.sqlite3');
  });

  test('Check connection asks the server with the type’s fields, shows a pending state, then success', async () => {
    const answer = deferred();
    const http = mockFetch({
      ...routes,
      'POST /installation/db/check': () => answer.promise.then(() => ({ connection_success: true })),
    });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await fill(user, screen.getByLabelText('Database name'), ' answer ');
    await fill(user, screen.getByLabelText('Database username'), 'agora');
    await fill(user, screen.getByLabelText('Database password'), ' secret ');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));

    const pending = await screen.findByRole('button', { name: /Checking…/ });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    answer.resolve(undefined);
    await waitFor(() => expect(screen.getByText(/Connection successful/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Check connection' })).not.toHaveAttribute('aria-busy', 'true');
    expect(http.bodiesOf('POST', '/installation/db/check')).toEqual([
      {
        db_type: 'postgres',
        db_host: 'localhost:5432',
        db_name: 'answer',
        db_username: 'agora',
        db_password: ' secret ',
      },
    ]);
    // Editing a field forgets the result.
    await fill(user, screen.getByLabelText('Database name'), 'other');
    expect(screen.queryByText(/Connection successful/)).not.toBeInTheDocument();
  });

  test('a failed connection shows the server’s message in an alert above the form (err_type alert)', async () => {
    mockFetch({
      ...routes,
      'POST /installation/db/check': envelope(
        { err_type: 'alert' },
        400,
        'error.database.connection_failed',
        'Database connection failed: connect ECONNREFUSED 127.0.0.1:1',
      ),
    });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('radio', { name: 'MySQL / MariaDB' }));
    await fill(user, screen.getByLabelText('Database host'), '127.0.0.1:1');
    await fill(user, screen.getByLabelText('Database name'), 'x');
    await fill(user, screen.getByLabelText('Database username'), 'x');
    await fill(user, screen.getByLabelText('Database password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database connection failed');
    expect(alert).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:1');
    // Above the form: before the first field.
    const typeGroup = screen.getByRole('radio', { name: 'SQLite' });
    expect(alert.compareDocumentPosition(typeGroup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/Connection successful/)).not.toBeInTheDocument();
  });

  test('Next on a database that already holds a site: the alert says to clear the old tables; the step stays', async () => {
    mockFetch({
      ...routes,
      'POST /installation/init': envelope(
        { err_type: 'alert' },
        400,
        'error.install.already_installed',
        'This database already holds an installed site. Clear its old tables or choose another database.',
      ),
    });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This database already holds a site');
    expect(alert).toHaveTextContent('Clear its old tables or choose another database.');
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Database file')).toBeEnabled();
  });

  test('the server’s field errors on the database form land on their fields', async () => {
    mockFetch({
      ...routes,
      'POST /installation/db/check': envelope(
        [
          { error_field: 'db_host', error_msg: 'Use host:port.' },
          { error_field: 'ssl_mode', error_msg: 'Unknown TLS mode.' },
        ],
        400,
        'base.request_format_error',
        'The request is not valid.',
      ),
    });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('radio', { name: 'PostgreSQL' }));
    await fill(user, screen.getByLabelText('Database host'), 'db:port');
    await fill(user, screen.getByLabelText('Database name'), 'x');
    await fill(user, screen.getByLabelText('Database username'), 'x');
    await fill(user, screen.getByLabelText('Database password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    await waitFor(() => expect(screen.getByText('Use host:port.')).toBeInTheDocument());
    expect(screen.getByLabelText('Database host')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Database host')).toHaveFocus());
    expect(screen.getByText('Unknown TLS mode.')).toBeInTheDocument();
  });

  test('a network failure gets the installer’s own words', async () => {
    mockFetch(routes);
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
  });

  test('the configuration file cannot be written: step 3 shows default_config to copy, instructions, and checks again', async () => {
    const defaultConfig = { database: { type: 'sqlite3', file: 'agora.sqlite3' } };
    let ready = false;
    mockFetch({
      ...routes,
      'POST /installation/init': envelope(
        {
          success: false,
          create_config_failed: true,
          default_config: JSON.stringify(defaultConfig, null, 2),
          config_file: '/srv/agora/data/config.json',
          err_type: 'alert',
        },
        400,
        'error.install.create_config_failed',
        'The configuration file could not be created.',
      ),
      'POST /installation/config-file/check': () =>
        ready
          ? { config_file_exist: true, db_connection_success: true, db_table_exist: false }
          : { config_file_exist: false, db_connection_success: false, db_table_exist: false },
    });
    const user = setupUser();
    renderInstall();
    await openDatabaseStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: /The configuration file could not be created/ }),
    ).toHaveFocus();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not write its configuration file');
    const code = screen.getByRole('figure', { name: 'Configuration to save' });
    expect(code.querySelector('pre code')?.textContent).toBe(JSON.stringify(defaultConfig, null, 2));
    expect(screen.getByText('/srv/agora/data/config.json')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(defaultConfig, null, 2));
    await waitFor(() => expect(screen.getByText('Copied')).toBeInTheDocument());

    // Not there yet: the check says so.
    await user.click(screen.getByRole('button', { name: /check again/ }));
    await waitFor(() => expect(screen.getByText(/The configuration file is still missing/)).toBeInTheDocument());

    ready = true;
    await user.click(screen.getByRole('button', { name: /check again/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /Configuration and database ready/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Step 4 of 5')).toBeInTheDocument());
  });
});
