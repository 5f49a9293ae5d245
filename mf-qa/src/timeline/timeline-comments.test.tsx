import type { Timeline, TimelineItem } from '@agora/shared-api/contract';
import { mockFetch } from '@agora/shared-api/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import TimelineScreen from './timeline-screen';

const V1 = '/answer/api/v1';
const ROUTES = ['/posts/:qid/timeline', '/tags/:tid/timeline'];
const Q = '10010000000000001';
const T = '10030000000000003';
const now = Math.floor(Date.now() / 1000);
const ada = {
  id: '7',
  username: 'ada',
  rank: 1,
  display_name: 'Ada',
  avatar: '',
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal' as const,
  suspended_until: 0,
};
const row = (id: string, kind: string, over: Partial<TimelineItem> = {}): TimelineItem => ({
  activity_id: id,
  revision_id: '0',
  created_at: now - Number(id) * 60,
  activity_type: kind,
  comment: '',
  object_id: Q,
  object_type: 'question',
  cancelled: false,
  cancelled_at: 0,
  user_info: ada,
  ...over,
});
const info = (over: Partial<Timeline['object_info']> = {}): Timeline['object_info'] => ({
  title: 'How do I parse dates?',
  object_type: 'question',
  question_id: Q,
  answer_id: '',
  username: 'ada',
  display_name: 'Ada',
  main_tag_slug_name: '',
  ...over,
});

describe('timeline comments', () => {
  it('shows a comment rendered, its mention a link to the member, never its markdown', async () => {
    mockFetch({
      [`GET ${V1}/activity/timeline`]: {
        object_info: info(),
        timeline: [
          row('1', 'commented', {
            object_type: 'comment',
            comment: '<p><strong>Which</strong> version, <a href="/u/bob">@bob</a>?</p>',
          }),
          row('2', 'edited', { revision_id: '22', comment: 'a *plain* summary' }),
        ],
      },
    });
    renderScreen(TimelineScreen, { url: `/posts/${Q}/timeline`, routes: ROUTES, user: { username: 'ada' } });
    const table = await screen.findByRole('table', { name: /newest first/ });
    const [, commented, edited] = within(table).getAllByRole('row');
    const comment = within(commented!).getAllByRole('cell')[3]!;
    expect(comment).toHaveTextContent('Which version, @bob?');
    expect(within(comment).getByText('Which').tagName).toBe('STRONG');
    expect(within(comment).getByRole('link', { name: '@bob' })).toHaveAttribute('href', '/u/bob');
    // Other comments (edit summaries, close remarks) are plain text, shown as written.
    expect(within(edited!).getAllByRole('cell')[3]).toHaveTextContent('a *plain* summary');
  });

  it('offers staff no Show votes on a tag timeline (tags get no votes)', async () => {
    mockFetch({
      [`GET ${V1}/activity/timeline`]: {
        object_info: info({ title: 'dates', object_type: 'tag', question_id: '' }),
        timeline: [row('1', 'created', { object_id: T, object_type: 'tag', revision_id: '31' })],
      },
    });
    renderScreen(TimelineScreen, { url: `/tags/${T}/timeline`, routes: ROUTES, user: { username: 'mod', role_id: 3 } });
    await screen.findByRole('table', { name: /newest first/ });
    expect(screen.queryByRole('switch', { name: 'Show votes' })).not.toBeInTheDocument();
  });
});
