import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegalScreen from './legal-screen';
import { fill, openSettings, saveButton } from './test/open';

const POLICIES = {
  terms_of_service_original_text: '# Terms\n\nBe kind.',
  terms_of_service_parsed_text: '<h1>Terms</h1><p>Be kind.</p>',
  privacy_policy_original_text: 'https://example.com/privacy',
  privacy_policy_parsed_text: '',
};
const open = () =>
  openSettings(LegalScreen, {
    'GET siteinfo/polices': POLICIES,
    'PUT siteinfo/polices': ({ body }: { body: unknown }) => body,
  });

describe('Settings → Legal', () => {
  it('shows a text as a text and an address as a link, each with a preview of its page', async () => {
    open();
    const terms = await screen.findByRole('group', { name: 'Terms of service' });
    expect(await within(terms).findByLabelText('Terms of service text')).toHaveValue('# Terms\n\nBe kind.');
    const privacy = screen.getByRole('group', { name: 'Privacy policy' });
    expect(within(privacy).getByLabelText('Privacy policy address')).toHaveValue('https://example.com/privacy');
    expect(within(terms).getByRole('link', { name: 'Open the terms of service page' })).toHaveAttribute('href', '/tos');
    expect(within(privacy).getByRole('link', { name: 'Open the privacy policy page' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('requires a valid address when a policy links elsewhere', async () => {
    const { user, puts } = open();
    const terms = await screen.findByRole('group', { name: 'Terms of service' });
    await user.click(within(terms).getByLabelText('Link to another page'));
    await fill(user, within(terms).getByLabelText('Terms of service address'), 'example.com/terms');
    await user.click(saveButton());
    expect(await screen.findByText('Enter an address starting with https:// or http://.')).toBeInTheDocument();
    await fill(user, within(terms).getByLabelText('Terms of service address'), '');
    expect(await screen.findByText('Enter the address of the page.')).toBeInTheDocument();
    expect(puts('siteinfo/polices')).toHaveLength(0);
  });

  it('saves both texts; the server makes their HTML', async () => {
    const { user, puts } = open();
    const privacy = await screen.findByRole('group', { name: 'Privacy policy' });
    await user.click(within(privacy).getByLabelText('Text'));
    await fill(user, within(privacy).getByLabelText('Privacy policy text'), 'We keep nothing.');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/polices')).toHaveLength(1));
    expect(puts('siteinfo/polices')[0]).toEqual({
      terms_of_service_original_text: '# Terms\n\nBe kind.',
      terms_of_service_parsed_text: '',
      privacy_policy_original_text: 'We keep nothing.',
      privacy_policy_parsed_text: '',
    });
  });
});
