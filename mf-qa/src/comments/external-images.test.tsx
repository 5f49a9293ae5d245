import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@agora/shared-api/testing';
import { COMMENT_PAGE, commentRow, renderComments } from './test-utils';

const SITEINFO = 'GET /answer/api/v1/siteinfo';
const siteinfo = (display: string) => ({
  general: { name: 'Agora' },
  site_security: { login_required: false, external_content_display: display, check_update: true },
});
const ROW = commentRow(1, {
  parsed_text:
    '<p>look <img src="https://tracker.evil.example/p.png" alt="pixel"> and <img src="/uploads/own.png" alt="own"></p>',
});
const sources = (root: HTMLElement) => Array.from(root.querySelectorAll('img')).map((img) => img.getAttribute('src'));

describe('external images in comments', () => {
  it('ask_before_display: the foreign image is a button until clicked; own uploads show', async () => {
    mockFetch({ [SITEINFO]: siteinfo('ask_before_display'), [COMMENT_PAGE]: { count: 1, list: [ROW] } });
    renderComments();
    const button = await screen.findByRole('button', { name: 'Show image from tracker.evil.example' });
    const text = button.closest('.qa-comment__text') as HTMLElement;
    expect(sources(text)).toEqual(['/uploads/own.png']);
    await userEvent.click(button);
    expect(sources(text)).toEqual(['https://tracker.evil.example/p.png', '/uploads/own.png']);
    expect(within(text).getByRole('img', { name: 'pixel' })).toBeInTheDocument();
  });

  it('always_display: every image shows at once', async () => {
    mockFetch({ [SITEINFO]: siteinfo('always_display'), [COMMENT_PAGE]: { count: 1, list: [ROW] } });
    const { container } = renderComments();
    await screen.findByRole('img', { name: 'pixel' });
    expect(sources(container)).toEqual(['https://tracker.evil.example/p.png', '/uploads/own.png']);
    expect(screen.queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
  });
});
