import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openSettings } from './test/open';
import { WRITE_ROUTES } from './test/write-routes';
import WriteScreen from './write-screen';

const section = (name: string) => screen.findByRole('region', { name });

describe('Settings → Write: uploads and moderation', () => {
  it('checks the upload limits and the extensions', async () => {
    const { user, puts } = openSettings(WriteScreen, WRITE_ROUTES);
    const uploads = await section('Uploads');
    await fill(user, await within(uploads).findByLabelText('Maximum image size (MB)'), '2000');
    await fill(user, within(uploads).getByLabelText('Maximum image size (megapixels)'), '');
    const extensions = within(uploads).getByRole('combobox', { name: 'Image file extensions' });
    await user.type(extensions, 'p*g{Enter}');
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    expect(await within(uploads).findByText('Enter a whole number from 1 to 1024.')).toBeInTheDocument();
    expect(await within(uploads).findByText('Enter a number.')).toBeInTheDocument();
    expect(
      await within(uploads).findByText('“p*g” is not a file extension (letters and digits only).'),
    ).toBeInTheDocument();
    expect(puts('siteinfo/advanced')).toHaveLength(0);
  });

  it('saves the upload limits, extensions in lower case without dots', async () => {
    const { user, puts } = openSettings(WriteScreen, WRITE_ROUTES);
    const uploads = await section('Uploads');
    await fill(user, await within(uploads).findByLabelText('Maximum attachment size (MB)'), '16');
    await user.type(within(uploads).getByRole('combobox', { name: 'Image file extensions' }), '.WEBP{Enter}');
    await user.type(within(uploads).getByRole('combobox', { name: 'Attachment file extensions' }), 'pdf,zip,');
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts('siteinfo/advanced')).toHaveLength(1));
    expect(puts('siteinfo/advanced')[0]).toEqual({
      max_image_size: 4,
      max_attachment_size: 16,
      max_image_megapixel: 40,
      authorized_image_extensions: ['jpg', 'png', 'webp'],
      authorized_attachment_extensions: ['pdf', 'zip'],
    });
  });

  it('checks the moderation numbers and saves the group with the watched words', async () => {
    const { user, puts } = openSettings(WriteScreen, WRITE_ROUTES);
    const moderation = await section('Moderation');
    await fill(user, await within(moderation).findByLabelText('Counted over (days)'), '0');
    await user.click(within(moderation).getByRole('button', { name: 'Save' }));
    expect(await within(moderation).findByText('Enter a whole number from 1 to 365.')).toBeInTheDocument();
    expect(puts('siteinfo/moderation')).toHaveLength(0);
    await fill(user, within(moderation).getByLabelText('Counted over (days)'), '14');
    await fill(user, within(moderation).getByLabelText('Review first posts'), '3');
    await fill(user, within(moderation).getByLabelText('Deletions before a block'), '5');
    await user.type(within(moderation).getByRole('combobox', { name: 'Watched words' }), 'free money{Enter}');
    await user.click(within(moderation).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts('siteinfo/moderation')).toHaveLength(1));
    expect(puts('siteinfo/moderation')[0]).toEqual({
      queue_first_posts: 3,
      queue_words: ['casino', 'free money'],
      deletion_block_count: 5,
      deletion_block_days: 14,
      deletion_block_block_days: 7,
    });
  });
});
