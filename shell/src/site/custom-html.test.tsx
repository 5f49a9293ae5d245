import type { SiteInfo } from '@agora/shared-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Frame } from '../app/layouts/frame';
import { SideLayout } from '../app/layouts/side-layout';
import { siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';

const API = '/answer/api/v1';

function withCustom(custom: Partial<SiteInfo['custom_css_html']>, layout?: string): SiteInfo {
  const base = siteInfo();
  return {
    ...base,
    theme: { ...base.theme, layout },
    custom_css_html: { ...base.custom_css_html, ...custom },
  };
}

const FOLLOWS = Node.DOCUMENT_POSITION_FOLLOWING;

describe('custom header, footer and sidebar HTML', () => {
  it('shows the custom header above the site header and the custom footer below the footer', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: withCustom({
        custom_header: '<p>Announcement: <b>maintenance on Friday</b></p>',
        custom_footer: '<p>Footer links <a href="/imprint">Imprint</a>',
      }),
    });
    await renderShell(
      <Frame>
        <p>page</p>
      </Frame>,
    );
    const announcement = await screen.findByText('maintenance on Friday');
    const header = screen.getByRole('banner');
    const footer = screen.getByRole('contentinfo');
    const imprint = screen.getByRole('link', { name: 'Imprint' });
    expect(announcement.compareDocumentPosition(header) & FOLLOWS).toBeTruthy();
    expect(header.contains(announcement)).toBe(false);
    expect(footer.compareDocumentPosition(imprint) & FOLLOWS).toBeTruthy();
    expect(footer.contains(imprint)).toBe(false);
    // Unbalanced markup stays inside its own container.
    expect(imprint.closest('.custom-html--footer')).not.toBeNull();
    expect(screen.getByText('page').closest('.custom-html')).toBeNull();
  });

  it('adds nothing when the settings are empty', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: withCustom({}) });
    const { container } = await renderShell(<Frame>page</Frame>);
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(container.querySelector('.custom-html')).toBeNull();
  });

  it('shows the custom sidebar in the side column, under the navigation', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: withCustom({ custom_sidebar: '<aside><h2>Sponsors</h2></aside>' }) });
    await renderShell(null, { routes: [{ element: <SideLayout />, children: [{ path: '*', element: <p>list</p> }] }] });
    const sponsors = await screen.findByRole('heading', { name: 'Sponsors' });
    const column = sponsors.closest('.side-layout__nav') as HTMLElement;
    expect(column).not.toBeNull();
    expect(column.contains(screen.getByText('list'))).toBe(false);
    const [nav] = screen.getAllByRole('navigation');
    expect(nav!.compareDocumentPosition(sponsors) & FOLLOWS).toBeTruthy();
  });
});

describe('layout setting', () => {
  it('marks the frame full-width by default and fixed-width when chosen', async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: withCustom({}, 'Full-width') });
    const { container, unmount } = await renderShell(<Frame>page</Frame>);
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(container.querySelector('.app-frame')).toHaveAttribute('data-layout', 'full');
    unmount();
    mockFetch({ [`GET ${API}/siteinfo`]: withCustom({}, 'Fixed-width') });
    const second = await renderShell(<Frame>page</Frame>);
    await screen.findByRole('link', { name: 'Agora Test' });
    expect(second.container.querySelector('.app-frame')).toHaveAttribute('data-layout', 'fixed');
  });
});
