import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/render';
import { ThemeProvider } from '../theme/theme-provider';
import { LeaveGuardProvider, useLeaveGuard } from './leave-guard';

const TITLE = 'Are you sure you want to leave the page?';
/** The dialog renders antd, slow under a loaded jsdom. */
const LAZY = { timeout: 10_000 };

/** A form like the product's: unsaved while its text differs from empty; Send releases the guard. */
function Draft({ label }: { label: string }) {
  const [text, setText] = useState('');
  const guard = useLeaveGuard(text !== '');
  return (
    <div>
      <label>
        {label}
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={guard.release}>
        {`Send ${label}`}
      </button>
    </div>
  );
}

function Frame() {
  const location = useLocation();
  return (
    <LeaveGuardProvider>
      <Outlet />
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form?page=2">Page 2</Link>
      <Link to="/form#answers">Answers</Link>
      <Link to="/elsewhere" replace>
        Corrected address
      </Link>
      <output data-testid="location">{location.pathname + location.search + location.hash}</output>
    </LeaveGuardProvider>
  );
}

function setup({ forms = ['Comment'], language = 'en_US', entries = ['/form'] } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          {
            path: 'form',
            element: (
              <>
                {forms.map((label) => (
                  <Draft key={label} label={label} />
                ))}
              </>
            ),
          },
          { path: '*', element: <p>Another page</p> },
        ],
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { router, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;
const closeTab = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

// The dialog loads antd on first use; loading it once up front keeps the waits below short under jsdom.
beforeAll(() => import('./leave-dialog'), 30_000);

describe('useLeaveGuard with LeaveGuardProvider', { timeout: 20_000 }, () => {
  it('lets an untouched form go at once, and does not hold closing the tab', async () => {
    const { user } = setup();
    expect(closeTab()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an in-app link with unsaved text asks; Stay keeps the page and the text, Leave goes', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Comment'), 'Half a thought');
    expect(closeTab()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    expect(within(dialog).getByText('Your changes may not be saved.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(location()).toBe('/form');
    expect(screen.getByLabelText('Comment')).toHaveValue('Half a thought');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const again = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(location()).toBe('/elsewhere');
  });

  it('holds the browser back button too', async () => {
    const { router, user } = setup({ entries: ['/start', '/form'] });
    await user.type(screen.getByLabelText('Comment'), 'Not sent yet');
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/form');
    expect(screen.getByLabelText('Comment')).toHaveValue('Not sent yet');
    await act(() => router.navigate(-1));
    await user.click(
      within(await screen.findByRole('dialog', { name: TITLE }, LAZY)).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('does not ask about another query or hash of the same page, nor about a corrected address', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Comment'), 'Typing');
    await user.click(screen.getByRole('link', { name: 'Answers' }));
    expect(location()).toBe('/form#answers');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(location()).toBe('/form?page=2');
    expect(screen.getByLabelText('Comment')).toHaveValue('Typing');
    await user.click(screen.getByRole('link', { name: 'Corrected address' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('holds while any of several forms of the page is unsaved', async () => {
    const { user } = setup({ forms: ['Answer', 'Comment'] });
    await user.type(screen.getByLabelText('Answer'), 'An answer in progress');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: TITLE }, LAZY)).toBeInTheDocument();
  });

  it('lets the navigation after a successful send through', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Comment'), 'Sent');
    await user.click(screen.getByRole('button', { name: 'Send Comment' }));
    expect(closeTab()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });

  it('speaks Chinese when the interface does', async () => {
    const { user } = setup({ language: 'zh_CN' });
    await user.type(screen.getByLabelText('Comment'), '写了一半');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: '确定要离开此页面吗？' }, LAZY);
    expect(within(dialog).getByText('你所做的更改可能不会被保存。')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /留\s?下/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /离\s?开/ })).toBeInTheDocument();
  });
});
