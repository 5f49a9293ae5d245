import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import QuestionListScreen from './question-list-screen';
import { questionItem } from '../../test/questions';
import { mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { followed, renderWithSession } from '../../test/session';

const FOLLOWING = 'GET /answer/api/v1/tags/following';

function serve() {
  return mockFetch({
    'GET /answer/api/v1/question/page': (call: RecordedCall) =>
      call.query.get('order') === 'frequent'
        ? { count: 1, list: [questionItem({ id: '10010000000000009', title: 'A hot one' })] }
        : { count: 1, list: [questionItem()] },
    [FOLLOWING]: [followed('node', 'Node.js')],
  });
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });

describe('question list sidebar', () => {
  it('shows a member the following-tags card above the hot questions', async () => {
    serve();
    renderWithSession(<QuestionListScreen />);
    await screen.findByRole('heading', { name: 'Hot questions' });
    const link = await within(sidebar()).findByRole('link', { name: 'Node.js' });
    expect(link).toHaveAttribute('href', '/tags/node');
    const headings = within(sidebar())
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Following tags', 'Hot questions']);
  });

  it('shows visitors no card and never asks for followed tags', async () => {
    const http = serve();
    renderWithSession(<QuestionListScreen />, { user: null });
    await screen.findByRole('heading', { name: 'Hot questions' });
    expect(within(sidebar()).queryByRole('region', { name: 'Following tags' })).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.path.endsWith('/tags/following'))).toBe(false);
  });
});
