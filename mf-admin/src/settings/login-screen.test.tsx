import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginScreen from './login-screen';
import { openSettings, saveButton } from './test/open';

const LOGIN = {
  allow_new_registrations: true,
  allow_email_registrations: true,
  allow_password_login: true,
  login_required: false,
  allow_email_domains: ['example.com'],
  require_email_verification: true,
};
const open = () =>
  openSettings(LoginScreen, {
    'GET siteinfo/login': LOGIN,
    'PUT siteinfo/login': ({ body }: { body: unknown }) => body,
  });
const toggle = (name: string) => screen.getByRole('switch', { name });

describe('Settings → Login', () => {
  it('shows every switch as saved', async () => {
    open();
    expect(await screen.findByRole('switch', { name: 'Allow new registrations' })).toBeChecked();
    expect(toggle('Allow registrations by e-mail')).toBeChecked();
    expect(toggle('Allow password login')).toBeChecked();
    expect(toggle('Require e-mail verification')).toBeChecked();
    expect(toggle('Private site')).not.toBeChecked();
    expect(screen.getByText('example.com')).toBeInTheDocument();
  });

  it('refuses an allowed domain that is not a domain name', async () => {
    const { user, puts } = open();
    const domains = await screen.findByRole('combobox', { name: 'Allowed e-mail domains' });
    await user.type(domains, 'not a domain!{Enter}');
    await user.type(domains, 'bad_domain{Enter}');
    await user.click(saveButton());
    expect(await screen.findByText(/is not a domain name/)).toBeInTheDocument();
    expect(puts('siteinfo/login')).toHaveLength(0);
  });

  it('saves the switches and the domains, lower-cased and each once', async () => {
    const { user, puts } = open();
    await user.type(await screen.findByRole('combobox', { name: 'Allowed e-mail domains' }), '@Example.ORG{Enter}');
    await user.click(toggle('Allow new registrations'));
    await user.click(toggle('Require e-mail verification'));
    await user.click(toggle('Private site'));
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/login')).toHaveLength(1));
    expect(puts('siteinfo/login')[0]).toEqual({
      allow_new_registrations: false,
      allow_email_registrations: true,
      allow_password_login: true,
      allow_email_domains: ['example.com', 'example.org'],
      require_email_verification: false,
      login_required: true,
    });
  });
});
