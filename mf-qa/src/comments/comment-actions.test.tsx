import { loginModalOpenAtom, setAccessToken } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import {
  COMMENT,
  COMMENT_PAGE,
  commentRow,
  commentRows,
  currentUser,
  OWN_ACTIONS,
  renderComments,
  USER_INFO,
  VOTE_UP,
} from './test-utils';

afterEach(() => {
  setAccessToken(null);
  getDefaultStore().set(loginModalOpenAtom, false);
});

const list = () => screen.findByRole('list', { name: 'Comments on the question' });
const items = (ul: HTMLElement) => within(ul).getAllByRole('listitem');
const texts = (ul: HTMLElement) => items(ul).map((li) => li.querySelector('.qa-comment__text')!.textContent);

describe('comment actions', () => {
  it('offers edit and delete only where member_actions allow them', async () => {
    mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 2, list: [commentRow(1, { member_actions: OWN_ACTIONS }), commentRow(2)] },
    });
    renderComments();
    const [own, other] = items(await list()).map((li) => within(li));
    expect(own!.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(own!.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(other!.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(other!.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // No report dialog was handed in: no Report action.
    expect(other!.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('edits a comment in place', async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 2, list: [commentRow(1, { member_actions: OWN_ACTIONS }), commentRow(2)] },
      [`PUT ${COMMENT}`]: {
        comment_id: commentRow(1).comment_id,
        original_text: 'Comment number 1, *fixed*',
        parsed_text: '<p>Comment number 1, <em>fixed</em></p>',
      },
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(within(items(ul)[0]!).getByRole('button', { name: 'Edit' }));
    const box = within(items(ul)[0]!).getByRole('combobox', { name: 'Edit your comment' });
    expect(box).toHaveValue('Comment number 1');
    await user.type(box, ', *fixed*');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(within(items(ul)[0]!).getByText('fixed').tagName).toBe('EM'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(http.bodiesOf('PUT', COMMENT)).toEqual([
      { comment_id: commentRow(1).comment_id, original_text: 'Comment number 1, *fixed*' },
    ]);
  });

  it('keeps the editor open with the message when the comment is gone', async () => {
    mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { member_actions: OWN_ACTIONS })] },
      [`PUT ${COMMENT}`]: envelope(null, 404, 'error.comment.not_found', 'Comment not found.'),
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(within(ul).getByRole('button', { name: 'Edit' }));
    await user.type(within(ul).getByRole('combobox'), '!');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comment not found.');
    expect(within(ul).getByRole('combobox')).toHaveValue('Comment number 1!');
  });

  it('deletes a comment after confirmation', async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 4, list: [commentRow(1, { member_actions: OWN_ACTIONS }), ...commentRows(2, 3)] },
      [`DELETE ${COMMENT}`]: null,
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    expect(screen.getByRole('button', { name: 'Show 1 more comment' })).toBeInTheDocument();
    await user.click(within(items(ul)[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    // Cancel first: nothing happens.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(http.bodiesOf('DELETE', COMMENT)).toEqual([]);
    expect(items(ul)).toHaveLength(3);

    await user.click(within(items(ul)[0]!).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(texts(ul)).toEqual(['Comment number 2', 'Comment number 3']));
    expect(http.bodiesOf('DELETE', COMMENT)).toEqual([{ comment_id: commentRow(1).comment_id }]);
    // 3 left on the server, 2 shown.
    expect(screen.getByRole('button', { name: 'Show 1 more comment' })).toBeInTheDocument();
  });

  it('toggles an up vote, moving the count by one each way', async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { vote_count: 2 })] },
      [VOTE_UP]: { up_votes: 3, down_votes: 0, votes: 3, vote_status: 'vote_up' },
    });
    const user = userEvent.setup();
    renderComments();
    const item = within(items(await list())[0]!);
    const button = item.getByRole('button', { name: 'Vote up this comment' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(item.getByText('2 votes')).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(item.getByText('3 votes')).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(item.getByText('2 votes')).toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/vote/up')).toEqual([
      { object_id: commentRow(1).comment_id, is_cancel: false },
      { object_id: commentRow(1).comment_id, is_cancel: true },
    ]);
  });

  it('leaves the vote as it was when the server refuses it', async () => {
    mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { vote_count: 2 })] },
      [VOTE_UP]: envelope(
        { err_type: 'toast' },
        400,
        'error.object.disallow_vote_your_self',
        "You can't vote for your own post.",
      ),
    });
    const user = userEvent.setup();
    renderComments();
    const item = within(items(await list())[0]!);
    await user.click(item.getByRole('button', { name: 'Vote up this comment' }));
    await waitFor(() =>
      expect(item.getByRole('button', { name: 'Vote up this comment' })).not.toHaveAttribute('aria-busy'),
    );
    expect(item.getByRole('button', { name: 'Vote up this comment' })).toHaveAttribute('aria-pressed', 'false');
    expect(item.getByText('2 votes')).toBeInTheDocument();
  });

  it('asks a visitor to log in to vote or reply', async () => {
    const http = mockFetch({ [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { vote_count: 2 })] } });
    const user = userEvent.setup();
    renderComments();
    const item = within(items(await list())[0]!);
    await user.click(item.getByRole('button', { name: 'Vote up this comment' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    getDefaultStore().set(loginModalOpenAtom, false);
    await user.click(item.getByRole('button', { name: 'Reply' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(http.bodiesOf('POST', '/answer/api/v1/vote/up')).toEqual([]);
  });

  it('warns before leaving the page while a form holds unsaved text', async () => {
    mockFetch({ [USER_INFO]: currentUser(), [COMMENT_PAGE]: { count: 0, list: [] } });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(screen.getByRole('combobox', { name: 'Your comment' }), 'Half written');
    expect(leave()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(leave()).toBe(false);
    expect(screen.getByRole('button', { name: 'Add a comment' })).toHaveFocus();
  });
});
