import type { AdminBadgeItem, AdminJob } from '@agora/shared-api/contract';
import { mockFetch } from '@agora/shared-api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../test/antd';
import { ADMIN, renderAdmin } from '../test/render';
import BadgesScreen from './badges-screen';

const nice: AdminBadgeItem = {
  id: '2',
  name: 'Nice question',
  description: 'A question scored 10.',
  icon: 'score',
  award_count: 0,
  level: 2,
  group_name: 'Quality',
  status: 'inactive',
};

const job = (over: Partial<AdminJob>): AdminJob => ({
  id: '31',
  kind: 'badge.backfill',
  state: 'queued',
  done: 0,
  total: 40,
  failed: 0,
  failures: [],
  result: {},
  error_msg: '',
  created_at: 1_775_000_000,
  finished_at: 0,
  ...over,
});

describe('switching a badge on', () => {
  it('shows the job awarding it to members who already qualify, until it ends', async () => {
    let polls = 0;
    const http = mockFetch({
      [`GET ${ADMIN}/badges`]: { count: 1, list: [nice] },
      [`PUT ${ADMIN}/badge/status`]: job({}),
      [`GET ${ADMIN}/job`]: () =>
        ++polls === 1
          ? job({ state: 'running', done: 10 })
          : job({ state: 'done', done: 40, result: { awarded: 3 }, finished_at: 1_775_000_100 }),
    });
    renderAdmin(BadgesScreen, '/admin/badges');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('switch', { name: 'Award Nice question' }));
    const dialog = await findDialog('Awarding Nice question');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Working: 10 of 40 done.');
    expect(within(dialog).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
    await waitFor(
      () =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          'Finished: 40 of 40 done, 0 could not be. 3 members who already met its rule received it.',
        ),
      { timeout: 4000 },
    );
    // The list (award counts) is read again once the job has ended.
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === 'GET' && c.path === `${ADMIN}/badges`).length).toBeGreaterThan(2),
    );
  }, 60_000);
});
