import { loginModalOpenAtom, setAccessToken } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { encodeShortId } from '@agora/shared-api/short-id';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import {
  COMMENT,
  COMMENT_PAGE,
  commentRow,
  commentRows,
  currentUser,
  QUESTION_ID,
  renderComments,
  USER_INFO,
} from './test-utils';

afterEach(() => {
  setAccessToken(null);
  getDefaultStore().set(loginModalOpenAtom, false);
});

const pageCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path.endsWith('/comment/page')).map((c) => Object.fromEntries(c.query));

/** comment/page answering from `all` the way the server pages: by votes or oldest first, page and size. */
function serverPages(all: ReturnType<typeof commentRows>) {
  return (call: RecordedCall) => {
    const page = Number(call.query.get('page'));
    const size = Number(call.query.get('page_size'));
    const sorted =
      call.query.get('query_cond') === 'vote'
        ? [...all].sort((a, b) => b.vote_count - a.vote_count || a.created_at - b.created_at)
        : all;
    return { count: all.length, list: sorted.slice((page - 1) * size, page * size) };
  };
}

const list = () => screen.findByRole('list', { name: 'Comments on the question' });
const items = (ul: HTMLElement) => within(ul).getAllByRole('listitem');
const texts = (ul: HTMLElement) => items(ul).map((li) => li.querySelector('.qa-comment__text')!.textContent);

describe('comment list', () => {
  it('first shows 3 comments by votes, each with its HTML, author, reply-to and time', async () => {
    const all = commentRows(1, 5);
    all[3] = commentRow(4, {
      vote_count: 7,
      parsed_text: '<p>Top <strong>voted</strong></p>',
      reply_comment_id: all[0]!.comment_id,
      reply_username: 'user1',
      reply_user_display_name: 'User 1',
      reply_user_status: 'normal',
    });
    const http = mockFetch({ [COMMENT_PAGE]: serverPages(all) });
    renderComments();
    const ul = await list();
    expect(texts(ul)).toEqual(['Top voted', 'Comment number 1', 'Comment number 2']);
    expect(pageCalls(http.calls)).toEqual([{ object_id: QUESTION_ID, page: '1', page_size: '3', query_cond: 'vote' }]);
    const top = within(items(ul)[0]!);
    expect(top.getByText('voted').tagName).toBe('STRONG');
    expect(top.getByRole('link', { name: 'User 4' })).toHaveAttribute('href', '/users/user4');
    expect(top.getByText('replying to')).toBeInTheDocument();
    expect(top.getByRole('link', { name: 'User 1' })).toHaveAttribute('href', '/users/user1');
    expect(top.getByText('7 votes')).toBeInTheDocument();
    expect(top.getByText('Nov 14, 2023').tagName).toBe('TIME');
    expect(screen.getByRole('button', { name: 'Show 2 more comments' })).toBeInTheDocument();
  });

  it("'show more' loads pages of 15 oldest first, without repeats, until none remain", async () => {
    const all = commentRows(1, 20).map((c, i) => (i === 9 ? { ...c, vote_count: 3 } : c));
    const http = mockFetch({ [COMMENT_PAGE]: serverPages(all) });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    expect(texts(ul)).toEqual(['Comment number 10', 'Comment number 1', 'Comment number 2']);

    await user.click(screen.getByRole('button', { name: 'Show 17 more comments' }));
    await waitFor(() => expect(items(ul)).toHaveLength(15));
    // Page 1 of the oldest-first order repeats 1, 2 and 10: each shows once, in its first place.
    expect(texts(ul)).toEqual([10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => `Comment number ${n}`));
    expect(pageCalls(http.calls)[1]).toEqual({
      object_id: QUESTION_ID,
      page: '1',
      page_size: '15',
      query_cond: 'created_at',
    });

    await user.click(screen.getByRole('button', { name: 'Show 5 more comments' }));
    await waitFor(() => expect(items(ul)).toHaveLength(20));
    expect(pageCalls(http.calls)[2]).toMatchObject({ page: '2', page_size: '15', query_cond: 'created_at' });
    expect(screen.queryByRole('button', { name: /more comment/ })).not.toBeInTheDocument();
  });

  it('asks for a linked comment with every page and highlights it', async () => {
    const linked = commentRow(9);
    const http = mockFetch({
      [COMMENT_PAGE]: (call: RecordedCall) =>
        call.query.get('query_cond') === 'vote'
          ? { count: 9, list: [linked, commentRow(1), commentRow(2)] }
          : { count: 9, list: [linked, ...commentRows(1, 8)] },
    });
    const user = userEvent.setup();
    renderComments({ highlightCommentId: linked.comment_id });
    const ul = await list();
    expect(items(ul)[0]).toHaveAttribute('aria-current', 'true');
    expect(items(ul)[0]).toHaveClass('qa-comment--highlight');
    await user.click(screen.getByRole('button', { name: 'Show 6 more comments' }));
    await waitFor(() => expect(items(ul)).toHaveLength(9));
    expect(pageCalls(http.calls).map((q) => q.comment_id)).toEqual([linked.comment_id, linked.comment_id]);
  });

  it('recognizes a linked comment given by its short id', async () => {
    const linked = commentRow(9);
    const short = encodeShortId(linked.comment_id)!;
    const http = mockFetch({ [COMMENT_PAGE]: { count: 3, list: [linked, commentRow(1), commentRow(2)] } });
    renderComments({ highlightCommentId: short });
    const ul = await list();
    expect(items(ul)[0]).toHaveAttribute('aria-current', 'true');
    expect(items(ul)[1]).not.toHaveAttribute('aria-current');
    expect(pageCalls(http.calls)[0]!.comment_id).toBe(short);
  });

  it('shows a load failure in place, with a retry', async () => {
    let fail = true;
    mockFetch({
      [COMMENT_PAGE]: () =>
        fail ? envelope(null, 500, 'base.unknown', 'Unknown error') : { count: 1, list: [commentRow(1)] },
    });
    const user = userEvent.setup();
    renderComments();
    expect(await screen.findByRole('alert')).toHaveTextContent('The comments could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(texts(await list())).toEqual(['Comment number 1']);
  });
});

describe('adding comments', () => {
  it('asks a visitor to log in instead of opening the form', async () => {
    mockFetch({ [COMMENT_PAGE]: { count: 0, list: [] } });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('posts a new comment and shows it last', async () => {
    const posted = commentRow(4, { username: 'me', user_display_name: 'Me Myself', original_text: 'Nice question!' });
    posted.parsed_text = '<p>Nice question!</p>';
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 3, list: commentRows(1, 3) },
      [`POST ${COMMENT}`]: posted,
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, '  Nice question!  ');
    expect(screen.getByText('14/600')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(texts(ul)).toHaveLength(4));
    expect(texts(ul).at(-1)).toBe('Nice question!');
    expect(http.bodiesOf('POST', COMMENT)).toEqual([
      { object_id: QUESTION_ID, original_text: 'Nice question!', mention_username_list: [] },
    ]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('inserts a reply right after its parent, mentioning the person replied to', async () => {
    const parent = commentRow(1);
    const reply = commentRow(5, {
      username: 'me',
      original_text: '@user1 thanks',
      parsed_text: '<p><a href="/u/user1">@user1</a> thanks</p>',
      reply_comment_id: parent.comment_id,
      reply_username: 'user1',
      reply_user_display_name: 'User 1',
      reply_user_status: 'normal',
    });
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 3, list: commentRows(1, 3) },
      [`POST ${COMMENT}`]: reply,
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(within(items(ul)[0]!).getByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('combobox', { name: 'Your reply to User 1' });
    expect(box).toHaveValue('@user1 ');
    expect(box).toHaveFocus();
    expect((box as HTMLTextAreaElement).selectionStart).toBe(7);
    await user.type(box, 'thanks');
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(items(ul)).toHaveLength(4));
    expect(texts(ul)).toEqual(['Comment number 1', '@user1 thanks', 'Comment number 2', 'Comment number 3']);
    expect(http.bodiesOf('POST', COMMENT)).toEqual([
      {
        object_id: QUESTION_ID,
        original_text: '@user1 thanks',
        mention_username_list: ['user1'],
        reply_comment_id: parent.comment_id,
      },
    ]);
  });

  it('checks 2 to 600 characters before sending', async () => {
    const http = mockFetch({ [USER_INFO]: currentUser(), [COMMENT_PAGE]: { count: 0, list: [] } });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, ' a ');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A comment needs at least 2 characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(601));
    expect(screen.getByText('601/600')).toHaveClass('qa-comment-form__counter--over');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A comment can have at most 600 characters.');
    expect(http.bodiesOf('POST', COMMENT)).toEqual([]);
  });

  it("shows the server's field error and keeps the text", async () => {
    mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 0, list: [] },
      [`POST ${COMMENT}`]: envelope(
        [{ error_field: 'original_text', error_msg: 'Content cannot contain links.' }],
        400,
        'base.request_format_error',
        'Content cannot contain links.',
      ),
    });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, 'see http://spam');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Content cannot contain links.');
    expect(box).toHaveValue('see http://spam');
  });
});

describe('leaving with an unsaved comment', () => {
  // The page itself is antd-free; the leave dialog loads antd on first use, slow the first time under jsdom.
  beforeAll(() => import('@agora/shared-ui/antd'), 60_000);

  it('leaving through a link with an unsaved comment asks first; Stay keeps the text', async () => {
    mockFetch({ [USER_INFO]: currentUser(), [COMMENT_PAGE]: { count: 1, list: [commentRow(1)] } });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, 'Half a remark');
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: 'User 1' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Are you sure you want to leave the page?' },
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('combobox', { name: 'Your comment' })).toHaveValue('Half a remark');
  });
});
