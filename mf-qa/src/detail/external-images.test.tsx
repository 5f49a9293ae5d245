import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerInfo, A1, questionInfo } from './test/fixtures';
import { renderDetail } from './test/render';
import { serve, site, SITEINFO } from './test/serve';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));
vi.mock('../comments', () => import('./test/comments-mock'));

const siteinfo = (display: string) => ({
  ...site(),
  site_security: { login_required: false, external_content_display: display, check_update: true },
});
const QUESTION =
  '<p>Q <img src="https://q.evil.example/q.png" alt="q-pixel"> <img src="/uploads/own.png" alt="own"></p>';
const ANSWER = '<p>A <img src="https://a.evil.example/a.png" alt="a-pixel"></p>';
const sources = () => Array.from(document.querySelectorAll('img')).map((img) => img.getAttribute('src'));

describe('question detail: external images follow the site setting', () => {
  it('ask_before_display: question and answer bodies get externalImages="ask"; nothing foreign before a click', async () => {
    serve(
      { question: questionInfo({ html: QUESTION }), answers: [answerInfo(A1, { html: ANSWER })] },
      { [SITEINFO]: siteinfo('ask_before_display') },
    );
    renderDetail('/questions/10010000000000001');
    // The plain fallback (before the editor chunk) already asks; then the PostContent bodies get 'ask'.
    await screen.findByRole('button', { name: 'Show image from q.evil.example' });
    await waitFor(() =>
      expect(screen.getAllByTestId('post-content').map((body) => body.dataset.externalImages)).toEqual(['ask', 'ask']),
    );
    screen.getByRole('button', { name: 'Show image from a.evil.example' });
    const show = screen.getByRole('button', { name: 'Show image from q.evil.example' });
    expect(sources()).not.toContain('https://q.evil.example/q.png');
    expect(sources()).not.toContain('https://a.evil.example/a.png');
    expect(sources()).toContain('/uploads/own.png');
    await userEvent.click(show);
    expect(sources()).toContain('https://q.evil.example/q.png');
    expect(sources()).not.toContain('https://a.evil.example/a.png');
  });

  it('always_display: the bodies show every image', async () => {
    serve(
      { question: questionInfo({ html: QUESTION }), answers: [answerInfo(A1, { html: ANSWER })] },
      { [SITEINFO]: siteinfo('always_display') },
    );
    renderDetail('/questions/10010000000000001');
    await waitFor(() =>
      expect(screen.getAllByTestId('post-content').map((body) => body.dataset.externalImages)).toEqual([
        'show',
        'show',
      ]),
    );
    expect(sources()).toEqual(expect.arrayContaining(['https://q.evil.example/q.png', 'https://a.evil.example/a.png']));
    expect(screen.queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
  });
});
