import { screen, waitFor, within } from '@testing-library/react';
import { fill, setupUser, type User } from '../test/user';
import { deferred, envelope, mockFetch } from '../test/http';
import { renderInstall } from '../test/render';

const NOT_CONFIGURED = { config_file_exist: false, db_connection_success: false, db_table_exist: false };
const LANGUAGES = [
  { label: 'English', value: 'en_US' },
  { label: '简体中文', value: 'zh_CN' },
];

function progress() {
  return screen.getByRole('navigation', { name: 'Installation progress' });
}

function currentStep() {
  const current = within(progress())
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('aria-current') === 'step');
  expect(current).toHaveLength(1);
  return current[0]!;
}

async function fillSiteForm(user: User) {
  await fill(user, screen.getByLabelText('Site name'), 'My Community');
  await fill(user, screen.getByLabelText('Site URL'), 'https://qa.example.com');
  await fill(user, screen.getByLabelText('Contact e-mail'), 'contact@example.com');
  await fill(user, screen.getByLabelText('Admin name'), 'site admin');
  await fill(user, screen.getByLabelText('Admin password'), 'correct-horse');
  await fill(user, screen.getByLabelText('Admin e-mail'), 'admin@example.com');
}

describe('the install wizard: step flow', () => {
  test('goes through all five steps with SQLite, showing the progress display and sending each step to the server', async () => {
    const init = deferred();
    const http = mockFetch({
      'POST /installation/config-file/check': NOT_CONFIGURED,
      'GET /installation/language/options': LANGUAGES,
      'POST /installation/init': () => init.promise.then(() => null),
      'POST /installation/base-info': null,
    });
    const user = setupUser();
    renderInstall();

    // 1. Language
    expect(await screen.findByRole('heading', { level: 2, name: /Choose a language/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Installation' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    expect(within(progress()).getAllByRole('listitem')).toHaveLength(5);
    expect(currentStep()).toHaveTextContent('Language');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 2. Database: SQLite by default, with its default file name
    const dbHeading = await screen.findByRole('heading', { level: 2, name: /Connect a database/ });
    expect(dbHeading).toHaveFocus();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Database');
    expect(within(progress()).getAllByRole('listitem')[0]).toHaveTextContent('completed');
    expect(screen.getByRole('radio', { name: 'SQLite' })).toBeChecked();
    expect(screen.getByLabelText('Database file')).toHaveValue('agora.sqlite3');
    expect(screen.queryByLabelText('Database host')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // init runs: a progress indicator and a pending button until it answers
    const bar = await screen.findByRole('progressbar', { name: 'Setting up the database' });
    expect(bar).toBeInTheDocument();
    expect(screen.getByText(/Creating the configuration file and the database tables/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Database file')).toBeDisabled();
    init.resolve(undefined);

    // 3. Configuration ready
    expect(await screen.findByRole('heading', { level: 2, name: /Configuration and database ready/ })).toHaveFocus();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(http.bodiesOf('POST', '/installation/init')).toEqual([{ db_type: 'sqlite3', db_file: 'agora.sqlite3' }]);
    expect(screen.getByText('The configuration file was written.')).toBeInTheDocument();
    expect(screen.getByText('The database tables were created.')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 4. Site information and admin account
    expect(await screen.findByRole('heading', { level: 2, name: /Site information and admin account/ })).toHaveFocus();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Site URL')).toHaveValue(window.location.origin);
    expect(screen.getByRole('switch', { name: 'Login required' })).not.toBeChecked();
    await fillSiteForm(user);
    await user.click(screen.getByRole('switch', { name: 'Login required' }));
    await user.click(screen.getByRole('button', { name: 'Install' }));

    // 5. Finish
    expect(await screen.findByRole('heading', { level: 2, name: /Your site is ready/ })).toHaveFocus();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Finish');
    expect(screen.getByText(/My Community is installed and running/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to the admin area' })).toHaveAttribute('href', '/admin');
    expect(http.bodiesOf('POST', '/installation/base-info')).toEqual([
      {
        lang: 'en_US',
        site_name: 'My Community',
        site_url: 'https://qa.example.com',
        contact_email: 'contact@example.com',
        name: 'site admin',
        password: 'correct-horse',
        email: 'admin@example.com',
        login_required: true,
      },
    ]);
  });

  test('Back on the database step returns to the language step and keeps what was typed', async () => {
    mockFetch({
      'POST /installation/config-file/check': NOT_CONFIGURED,
      'GET /installation/language/options': LANGUAGES,
    });
    const user = setupUser();
    renderInstall();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await fill(user, await screen.findByLabelText('Database file'), 'site.db');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Choose a language/ })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Database file')).toHaveValue('site.db');
  });

  test('init already ran (a database is recorded, reachable, not yet a site): the wizard resumes at step 3', async () => {
    const http = mockFetch({
      'POST /installation/config-file/check': {
        config_file_exist: true,
        db_connection_success: true,
        db_table_exist: false,
      },
      'GET /installation/language/options': LANGUAGES,
    });
    const user = setupUser();
    renderInstall();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /Configuration and database ready/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByText(/An existing configuration file was found/)).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/installation/init')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Site information/ })).toBeInTheDocument();
  });

  test('a configuration file whose database is not usable yet: the database step says so', async () => {
    mockFetch({
      'POST /installation/config-file/check': {
        config_file_exist: true,
        db_connection_success: false,
        db_table_exist: false,
      },
      'GET /installation/language/options': LANGUAGES,
    });
    const user = setupUser();
    renderInstall();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('A configuration file already exists')).toBeInTheDocument());
  });

  test('a recorded database that already holds an installed site: the database step says to clear its tables', async () => {
    mockFetch({
      'POST /installation/config-file/check': {
        config_file_exist: true,
        db_connection_success: true,
        db_table_exist: true,
      },
      'GET /installation/language/options': LANGUAGES,
    });
    const user = setupUser();
    renderInstall();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('This database already holds a site')).toBeInTheDocument());
    expect(screen.getByText(/clear the old tables first/)).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  test('on an installed site (siteinfo without installed: false) the screen says so and never calls the installer', async () => {
    const http = mockFetch({ 'GET /answer/api/v1/siteinfo': { general: { name: 'Agora' } } });
    renderInstall();
    expect(await screen.findByRole('heading', { level: 2, name: 'Already installed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Installation progress' })).not.toBeInTheDocument();
    expect(http.calls.filter((c) => c.path.startsWith('/installation/'))).toEqual([]);
  });

  test('the installer API answering 404 (installed meanwhile) also means installed', async () => {
    mockFetch({}); // siteinfo: install mode; every /installation call: 404
    renderInstall();
    expect(await screen.findByRole('heading', { level: 2, name: 'Already installed' })).toBeInTheDocument();
  });

  test('while the installer checks for an existing configuration it shows a loading status', async () => {
    const check = deferred();
    mockFetch({
      'POST /installation/config-file/check': () => check.promise.then(() => NOT_CONFIGURED),
      'GET /installation/language/options': LANGUAGES,
    });
    renderInstall();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the installer…');
    check.resolve(undefined);
    expect(await screen.findByRole('heading', { level: 2, name: /Choose a language/ })).toBeInTheDocument();
  });

  test('a failing language list still offers the built-in languages', async () => {
    mockFetch({
      'POST /installation/config-file/check': NOT_CONFIGURED,
      'GET /installation/language/options': envelope(null, 500, 'base.unknown', 'boom'),
    });
    renderInstall();
    await waitFor(() => expect(screen.getByText(/The list of languages could not be loaded/)).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
  });
});
