import { envelope } from '@agora/shared-api/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BrandingScreen from './branding-screen';
import { fill, openSettings, saveButton } from './test/open';

const BRANDING = {
  logo: '/uploads/branding/logo.png',
  mobile_logo: '',
  square_icon: 'https://cdn.example.com/icon.png',
  favicon: '',
};
const open = (upload: unknown = '/uploads/branding/new-logo.png') =>
  openSettings(BrandingScreen, {
    'GET siteinfo/branding': BRANDING,
    'PUT siteinfo/branding': ({ body }: { body: unknown }) => body,
    'POST /answer/api/v1/file': upload,
  });

describe('Settings → Branding', () => {
  it('shows each image with its hint and a preview', async () => {
    open();
    await screen.findByLabelText('Logo');
    expect(screen.getByText('Shown in the header: 56 px high, wider than 3:1.')).toBeInTheDocument();
    expect(screen.getByText(/the server makes a 32 × 32 PNG of it/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the Logo' })).toHaveAttribute(
      'src',
      '/uploads/branding/logo.png',
    );
    expect(screen.queryByRole('img', { name: 'Preview of the Favicon' })).not.toBeInTheDocument();
  });

  it('requires the logo and the square icon and refuses addresses that are not web addresses', async () => {
    const { user, puts } = open();
    await fill(user, await screen.findByLabelText('Logo'), '');
    await fill(user, screen.getByLabelText('Square icon'), '');
    await fill(user, screen.getByLabelText('Favicon'), 'javascript:alert(1)');
    await user.click(saveButton());
    expect(await screen.findByText('The logo cannot be empty.')).toBeInTheDocument();
    expect(await screen.findByText('The square icon cannot be empty.')).toBeInTheDocument();
    expect(
      await screen.findByText('Enter an address starting with https:// or http://, or upload an image.'),
    ).toBeInTheDocument();
    expect(puts('siteinfo/branding')).toHaveLength(0);
  });

  it('uploads a picked image as a branding file and saves its address', async () => {
    const { user, puts, http } = open();
    await screen.findByLabelText('Logo');
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a new Logo'), file);
    await waitFor(() => expect(screen.getByLabelText('Logo')).toHaveValue('/uploads/branding/new-logo.png'));
    const sent = http.bodiesOf('POST', '/answer/api/v1/file')[0] as string;
    expect(sent).toContain('name="source"');
    expect(sent).toContain('branding');
    await fill(user, screen.getByLabelText('Mobile logo'), 'https://cdn.example.com/mobile.png');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/branding')).toHaveLength(1));
    expect(puts('siteinfo/branding')[0]).toEqual({
      logo: '/uploads/branding/new-logo.png',
      mobile_logo: 'https://cdn.example.com/mobile.png',
      square_icon: 'https://cdn.example.com/icon.png',
      favicon: '',
    });
  });

  it("shows the server's refusal of an upload and keeps the address", async () => {
    const { user } = open(envelope(null, 400, 'error.upload.only_image', 'Only images are allowed.'));
    await screen.findByLabelText('Logo');
    await user.upload(screen.getByLabelText('Upload a new Logo'), new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Only images are allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toHaveValue('/uploads/branding/logo.png');
  });
});
