import { toShortId } from '@agora/shared-api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SeoScreen, { permalinkExample } from './seo-screen';
import { fill, openSettings, saveButton } from './test/open';

const open = (seo = { permalink: 2, robots: 'User-agent: *\nAllow: /' }) =>
  openSettings(SeoScreen, { 'GET siteinfo/seo': seo, 'PUT siteinfo/seo': ({ body }: { body: unknown }) => body });

describe('Settings → SEO', () => {
  it('offers the four link shapes, each with an example link', async () => {
    open();
    const short = toShortId('10010000000000001');
    expect(short).not.toBe('10010000000000001');
    expect(permalinkExample(1)).toBe('/questions/10010000000000001/how-do-i-start');
    expect(permalinkExample(2)).toBe('/questions/10010000000000001');
    expect(permalinkExample(3)).toBe(`/questions/${short}/how-do-i-start`);
    expect(permalinkExample(4)).toBe(`/questions/${short}`);
    const chosen = await screen.findByRole('radio', { name: /Without the title/ });
    expect(chosen).toBeChecked();
    expect(screen.getByRole('radio', { name: /^With the title/ })).toHaveAccessibleName(
      'With the title /questions/10010000000000001/how-do-i-start',
    );
    expect(screen.getByRole('radio', { name: /Short id with the title/ })).not.toBeChecked();
  });

  it('refuses a robots.txt longer than 65535 characters', async () => {
    const { user, puts } = open();
    const robots = await screen.findByLabelText('robots.txt');
    await user.clear(robots);
    await user.click(robots);
    await user.paste('x'.repeat(65536));
    await user.click(saveButton());
    expect(await screen.findByText('At most 65535 characters.')).toBeInTheDocument();
    expect(puts('siteinfo/seo')).toHaveLength(0);
  });

  it('saves the link shape and robots.txt', async () => {
    const { user, puts } = open();
    await user.click(await screen.findByRole('radio', { name: /Short id with the title/ }));
    await fill(user, screen.getByLabelText('robots.txt'), 'User-agent: *\nDisallow: /search');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/seo')).toHaveLength(1));
    expect(puts('siteinfo/seo')[0]).toEqual({ permalink: 3, robots: 'User-agent: *\nDisallow: /search' });
  });
});
