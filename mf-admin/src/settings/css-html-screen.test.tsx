import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CssHtmlScreen from './css-html-screen';
import { fill, openSettings, saveButton } from './test/open';

const SNIPPETS = {
  custom_css: 'body { color: #222; }',
  custom_head: '',
  custom_header: '',
  custom_footer: '<p>Footer</p>',
  custom_sidebar: '',
};
const open = () =>
  openSettings(CssHtmlScreen, {
    'GET siteinfo/custom-css-html': SNIPPETS,
    'PUT siteinfo/custom-css-html': ({ body }: { body: unknown }) => body,
  });

describe('Customize → CSS/HTML', () => {
  it('refuses a snippet longer than 65536 characters', async () => {
    const { user, puts } = open();
    const head = await screen.findByLabelText('Custom head');
    expect(head).toHaveClass('admin-settings__mono');
    await user.click(head);
    await user.paste('x'.repeat(65537));
    await user.click(saveButton());
    expect(await screen.findByText('At most 65536 characters.')).toBeInTheDocument();
    expect(puts('siteinfo/custom-css-html')).toHaveLength(0);
  });

  it('saves the five snippets as written', async () => {
    const { user, puts } = open();
    await fill(user, await screen.findByLabelText('Custom CSS'), ':root { --agora-primary: #c00; }');
    await fill(user, screen.getByLabelText('Custom sidebar'), '<a href="/about">About</a>');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/custom-css-html')).toHaveLength(1));
    expect(puts('siteinfo/custom-css-html')[0]).toEqual({
      custom_css: ':root { --agora-primary: #c00; }',
      custom_head: '',
      custom_header: '',
      custom_footer: '<p>Footer</p>',
      custom_sidebar: '<a href="/about">About</a>',
    });
  });
});
