import { envelope } from '@agora/shared-api/testing';
import { siteKeys } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import GeneralScreen from '../general-screen';
import { closingAsks, fill, openSettings, saveButton } from '../test/open';

const GENERAL = {
  name: 'Agora',
  site_url: 'https://qa.example.com',
  short_description: 'Questions and answers',
  description: 'A place to ask.',
  contact_email: 'admin@example.com',
};
const SECURITY = { login_required: false, external_content_display: 'always_display', check_update: true };
const routes = (more = {}) => ({
  'GET siteinfo/general': GENERAL,
  'PUT siteinfo/general': ({ body }: { body: unknown }) => body,
  'GET siteinfo/security': SECURITY,
  ...more,
});

// The leave dialog loads antd on first use; loading it once up front keeps the waits short under jsdom.
beforeAll(() => import('@agora/shared-ui/antd'), 30_000);

describe('settings form kit', () => {
  it('loads the group into the form and marks nothing changed', async () => {
    openSettings(GeneralScreen, routes());
    expect(await screen.findByLabelText('Site name')).toHaveValue('Agora');
    expect(screen.getByLabelText('Contact e-mail')).toHaveValue('admin@example.com');
    expect(closingAsks()).toBe(false);
  });

  it('warns before leaving with unsaved changes, and no longer after a change is undone or saved', async () => {
    const { user, puts } = openSettings(GeneralScreen, routes());
    const name = await screen.findByLabelText('Site name');
    await fill(user, name, 'Agora Q&A');
    expect(closingAsks()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave the page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Site name')).toHaveValue('Agora Q&A');
    await fill(user, name, 'Agora');
    expect(closingAsks()).toBe(false);
    await fill(user, name, 'Agora Q&A');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/general')).toHaveLength(1));
    await waitFor(() => expect(closingAsks()).toBe(false));
  });

  it('shows the pending state while saving, then a toast, and refreshes the public site info', async () => {
    let release!: () => void;
    const { user, queryClient } = openSettings(
      GeneralScreen,
      routes({
        'PUT siteinfo/general': ({ body }: { body: unknown }) =>
          new Promise((resolve) => (release = () => resolve(envelope(body)))),
      }),
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fill(user, await screen.findByLabelText('Site name'), 'Agora Q&A');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));
    release();
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-busy'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: siteKeys.info() });
  });

  it("puts the server's field errors on their fields and others above the form, and keeps the changes", async () => {
    const { user } = openSettings(
      GeneralScreen,
      routes({
        'PUT siteinfo/general': envelope(
          [
            { error_field: 'site_url', error_msg: 'Site URL is already used elsewhere.' },
            { error_field: 'mystery', error_msg: 'Something else is wrong.' },
          ],
          400,
          'error.invalid',
        ),
      }),
    );
    await fill(user, await screen.findByLabelText('Site name'), 'Agora Q&A');
    await user.click(saveButton());
    expect(await screen.findByText('Site URL is already used elsewhere.')).toBeInTheDocument();
    expect(screen.getByLabelText('Site URL')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Site URL')).toHaveFocus());
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Something else is wrong.');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
    expect(closingAsks()).toBe(true);
  });

  it('disables the fields the configuration file pins and says so', async () => {
    openSettings(GeneralScreen, routes(), { pinned: { 'siteinfo/general': ['site_url'], 'setting/smtp': ['name'] } });
    const url = await screen.findByLabelText('Site URL');
    await waitFor(() => expect(url).toBeDisabled());
    expect(screen.getByLabelText('Site name')).toBeEnabled();
    expect(screen.getAllByText('Set in the configuration file')).toHaveLength(1);
  });

  it('says when the group cannot be loaded and loads it again on request', async () => {
    let fail = true;
    const { user } = openSettings(
      GeneralScreen,
      routes({ 'GET siteinfo/general': () => (fail ? envelope(null, 404, 'base.not_found') : GENERAL) }),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Site name')).toHaveValue('Agora');
  });

  it('speaks Chinese when the interface does', async () => {
    await i18next.changeLanguage('zh_CN');
    openSettings(GeneralScreen, routes(), { pinned: { 'siteinfo/general': ['name'] } });
    expect(await screen.findByRole('heading', { level: 1, name: '常规' })).toBeInTheDocument();
    const name = await screen.findByLabelText('站点名称');
    expect(await screen.findByText('已在配置文件中设置')).toBeInTheDocument();
    expect(name).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^保\s?存$/ })).toHaveLength(2);
  });
});
