import type { Timeline, TimelineItem } from '@agora/shared-api/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { renderScreen } from '../test/render';
import { toast } from '../test/toast-mock';
import TimelineScreen from './timeline-screen';

vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../test/toast-mock')).withToastSpies(importOriginal),
);

// The confirmation loads with antd on the first click; loaded here, a busy machine's slow first import
// does not count against the wait for the dialog.
beforeAll(() => import('../common/confirm-dialog'), 120_000);

const V1 = '/answer/api/v1';
const TIMELINE = `GET ${V1}/activity/timeline`;
const DETAIL = `GET ${V1}/activity/timeline/detail`;
const ROLLBACK = `PUT ${V1}/revisions/rollback`;
const PERMISSION = `GET ${V1}/permission`;
const ROUTES = ['/posts/:qid/timeline', '/posts/:qid/:aid/timeline', '/tags/:tid/timeline'];

const Q = '10010000000000001';
const now = Math.floor(Date.now() / 1000);
const person = (id: string, username: string) => ({
  id,
  username,
  rank: 1,
  display_name: username[0]!.toUpperCase() + username.slice(1),
  avatar: '',
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal' as const,
  suspended_until: 0,
});
const ada = person('7', 'ada');
const bob = person('8', 'bob');
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

/** Ada's question: asked, edited by Bob, closed; with votes when asked for. */
function timeline(showVote: boolean): Timeline {
  const votes = showVote
    ? [
        row('1', 'downvote', { user_info: { ...person('0', 'N/A') } }),
        row('2', 'upvote', { cancelled: true, cancelled_at: now, user_info: bob }),
      ]
    : [];
  return {
    object_info: {
      title: 'How do I parse dates?',
      object_type: 'question',
      question_id: Q,
      answer_id: '',
      username: 'ada',
      display_name: 'Ada',
      main_tag_slug_name: '',
    },
    timeline: [
      ...votes,
      row('3', 'closed', { comment: 'Needs more detail', user_info: bob }),
      row('4', 'edited', { revision_id: '22', comment: 'clearer title', user_info: bob }),
      row('5', 'asked', { revision_id: '21' }),
    ],
  };
}

const side = (title: string, text: string) => ({
  title,
  tags: [{ slug_name: 'dates', display_name: 'dates', main_tag_slug_name: '', recommend: false, reserved: false }],
  original_text: text,
  slug_name: '',
  main_tag_slug_name: '',
});

function serve(over: Record<string, unknown> = {}) {
  return mockFetch({
    [TIMELINE]: (call: RecordedCall) => timeline(call.query.get('show_vote') === 'true'),
    [DETAIL]: {
      new_revision: side('How do I parse dates?', 'Parse the new way'),
      old_revision: side('Parse dates', 'Parse the old way'),
    },
    [ROLLBACK]: null,
    [PERMISSION]: { 'tag.edit_without_review': { has_permission: false, no_permission_tip: '' } },
    ...over,
  });
}

const table = () => screen.findByRole('table', { name: /newest first/ });

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
});

describe('timeline screen', () => {
  it('shows every row with its type, who, comment and time, headed by the post it links back to', async () => {
    serve();
    renderScreen(TimelineScreen, {
      url: `/posts/${Q}/timeline`,
      routes: ROUTES,
      user: { username: 'carol', role_id: 1 },
    });
    const rows = within(await table()).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((h) => h.textContent),
      )[0],
    ).toEqual(['Date and time', 'Type', 'By', 'Comment', 'Actions']);
    const cells = rows.slice(1).map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['closed', 'Bob', 'Needs more detail'],
      ['edited', 'Bob', 'clearer title'],
      ['asked', 'Ada', ''],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/users/bob');
    expect(within(rows[1]!).getByText('3m ago').tagName).toBe('TIME');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('TimelineQuestion How do I parse dates?');
    expect(screen.getByRole('link', { name: 'How do I parse dates?' })).toHaveAttribute('href', `/questions/${Q}`);
    // A member who is neither staff nor the author: no votes switch, no rollback.
    expect(screen.queryByRole('switch', { name: 'Show votes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Roll back to this revision' })).not.toBeInTheDocument();
  });

  it("opens an edit's changes against the revision before it, from the keyboard", async () => {
    const http = serve();
    renderScreen(TimelineScreen, { url: `/posts/${Q}/timeline`, routes: ROUTES, user: { username: 'carol' } });
    await table();
    const buttons = screen.getAllByRole('button', { name: 'Show changes' });
    expect(buttons).toHaveLength(2);
    buttons[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    const changes = await screen.findByRole('region', { name: 'Changes of this revision' });
    expect(buttons[0]).toHaveAttribute('aria-controls', changes.id);
    await waitFor(() => expect(within(changes).getAllByRole('insertion').length).toBeGreaterThan(0));
    expect(
      within(changes)
        .getAllByRole('deletion')
        .map((d) => d.textContent)
        .join(' '),
    ).toMatch(/old/);
    const asked = http.calls.find((c) => c.path === `${V1}/activity/timeline/detail`)!;
    expect(Object.fromEntries(asked.query)).toEqual({ new_revision_id: '22', old_revision_id: '21' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide changes' }));
    expect(screen.queryByRole('region', { name: 'Changes of this revision' })).not.toBeInTheDocument();
  });

  it('the author rolls back an older revision after confirming; the table is asked again', async () => {
    let rolledBack = false;
    const http = serve({
      [ROLLBACK]: () => {
        rolledBack = true;
        return null;
      },
    });
    renderScreen(TimelineScreen, {
      url: `/posts/${Q}/timeline`,
      routes: ROUTES,
      user: { username: 'ada', role_id: 1 },
    });
    await table();
    // Only the older revision (asked) offers it: the edit is the current version.
    const rollbacks = screen.getAllByRole('button', { name: 'Roll back to this revision' });
    expect(rollbacks).toHaveLength(1);
    await userEvent.click(rollbacks[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Roll back to this revision?');
    expect(rolledBack).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rolled back.'));
    expect(http.bodiesOf('PUT', `${V1}/revisions/rollback`)).toEqual([{ revision_id: '21' }]);
    await waitFor(() => expect(http.calls.filter((c) => c.path === `${V1}/activity/timeline`)).toHaveLength(2));
  });

  it('cancelling the confirmation sends nothing; a refused rollback is told in a toast', async () => {
    const http = serve({
      [ROLLBACK]: envelope(null, 400, 'error.question.cannot_update', 'This question cannot be edited now.'),
    });
    renderScreen(TimelineScreen, { url: `/posts/${Q}/timeline`, routes: ROUTES, user: { username: 'ada' } });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Roll back to this revision' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', `${V1}/revisions/rollback`)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Roll back to this revision' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(toast.danger).toHaveBeenCalledWith('The rollback failed: This question cannot be edited now.'),
    );
  });

  it('staff get the votes switch: votes appear, cancelled ones marked, a hidden downvoter unnamed', async () => {
    const http = serve();
    renderScreen(TimelineScreen, {
      url: `/posts/${Q}/timeline`,
      routes: ROUTES,
      user: { username: 'mod', role_id: 3 },
    });
    await table();
    const toggle = screen.getByRole('switch', { name: 'Show votes' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByText('upvote')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByText('upvote')).toBeInTheDocument();
    const upvote = screen.getByText('upvote').closest('tr')!;
    expect(upvote).toHaveClass('qa-timeline__row--cancelled');
    expect(upvote).toHaveTextContent('(cancelled)');
    const downvote = screen.getByText('downvote').closest('tr')!;
    expect(downvote).toHaveTextContent('Hidden');
    expect(within(downvote).queryByRole('link')).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.path === `${V1}/activity/timeline` && c.query.get('show_vote') === 'true')).toBe(
      true,
    );
    // Staff roll back posts that are not theirs.
    expect(screen.getByRole('button', { name: 'Roll back to this revision' })).toBeInTheDocument();
  });

  it("an answer's and a tag's timeline link back to them; a tag rolls back only with the tag edit privilege", async () => {
    const A = '10020000000000002';
    const answer: Timeline = {
      ...timeline(false),
      object_info: { ...timeline(false).object_info, object_type: 'answer', answer_id: A, username: 'bob' },
    };
    serve({ [TIMELINE]: answer });
    const first = renderScreen(TimelineScreen, {
      url: `/posts/${Q}/${A}/timeline`,
      routes: ROUTES,
      user: { username: 'ada' },
    });
    await table();
    expect(screen.getByRole('link', { name: 'How do I parse dates?' })).toHaveAttribute('href', `/questions/${Q}/${A}`);
    expect(screen.queryByRole('button', { name: 'Roll back to this revision' })).not.toBeInTheDocument();
    first.unmount();

    const T = '10030000000000003';
    const tag: Timeline = {
      object_info: {
        ...timeline(false).object_info,
        title: 'dates',
        object_type: 'tag',
        question_id: '',
        username: 'bob',
      },
      timeline: [
        row('1', 'edited', { object_id: T, object_type: 'tag', revision_id: '32' }),
        row('2', 'created', { object_id: T, object_type: 'tag', revision_id: '31' }),
      ],
    };
    serve({
      [TIMELINE]: tag,
      [PERMISSION]: { 'tag.edit_without_review': { has_permission: true, no_permission_tip: '' } },
    });
    renderScreen(TimelineScreen, { url: `/tags/${T}/timeline`, routes: ROUTES, user: { username: 'carol' } });
    await table();
    expect(
      screen.getByRole('table', { name: 'Everything that happened to this tag, newest first' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dates' })).toHaveAttribute('href', '/tags/dates');
    expect(await screen.findByRole('button', { name: 'Roll back to this revision' })).toBeInTheDocument();
  });
});
