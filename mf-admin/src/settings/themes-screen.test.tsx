import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { choose, fill, openSettings, saveButton } from './test/open';
import ThemesScreen from './themes-screen';

const THEME = {
  theme: 'default',
  theme_config: { default: { navbar_style: 'colored', primary_color: '#0033FF' } },
  color_scheme: 'system',
  layout: 'Full-width',
};
const open = (theme: unknown = THEME) =>
  openSettings(ThemesScreen, {
    'GET siteinfo/theme': theme,
    'PUT siteinfo/theme': ({ body }: { body: unknown }) => body,
    'GET theme/options': [
      { label: 'Default', value: 'default' },
      { label: 'Night', value: 'night' },
    ],
  });

describe('Customize → Themes', () => {
  it('shows the primary colour, #0033FF when none is saved', async () => {
    open({ theme: '', theme_config: {}, color_scheme: '', layout: '' });
    expect(await screen.findByLabelText('Primary colour')).toHaveValue('#0033FF');
    expect(screen.getByRole('button', { name: 'Pick a colour' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Colour scheme' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'As the device' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Full width' })).toBeChecked();
  });

  it('saves the theme with its navbar and colour, the colour scheme and the layout', async () => {
    const { user, puts } = open();
    await choose(user, 'Theme', 'Night');
    await fill(user, screen.getByLabelText('Primary colour'), '#12');
    await user.click(saveButton());
    expect(await screen.findByText('Enter a colour as #RRGGBB, e.g. #0033FF.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Primary colour'), '#aa3300');
    const group = (name: string) => within(screen.getByRole('radiogroup', { name }));
    await user.click(group('Navbar style').getByRole('radio', { name: 'Light' }));
    await user.click(group('Colour scheme').getByRole('radio', { name: 'Dark' }));
    await user.click(group('Layout').getByRole('radio', { name: 'Fixed width' }));
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/theme')).toHaveLength(1));
    expect(puts('siteinfo/theme')[0]).toEqual({
      theme: 'night',
      theme_config: {
        default: { navbar_style: 'colored', primary_color: '#0033FF' },
        night: { navbar_style: 'light', primary_color: '#AA3300' },
      },
      color_scheme: 'dark',
      layout: 'Fixed-width',
    });
  });
});
