// Captchas of comment actions (docs/wire-contract.md: comment, edit, delete, vote; errors show on the code field).
import { setAccessToken } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import {
  COMMENT,
  COMMENT_PAGE,
  commentRow,
  commentRows,
  currentUser,
  OWN_ACTIONS,
  QUESTION_ID,
  renderComments,
  USER_INFO,
  VOTE_UP,
} from './test-utils';

// antd dialogs under userEvent are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => setAccessToken(null));

const RECORD = 'GET /answer/api/v1/user/action/record';
const image = (n: number) => `data:image/png;base64,${btoa(`image-${n}`)}`;

/** The action record: a new captcha each time for the `protect`ed action, none for the others. */
function records(protect: string) {
  let n = 0;
  const asked: string[] = [];
  const handler = (call: RecordedCall) => {
    const action = call.query.get('action') ?? '';
    asked.push(action);
    if (action !== protect) return { captcha_id: '', captcha_img: '', verify: false };
    n += 1;
    return { captcha_id: `captcha-${n}`, captcha_img: image(n), verify: true };
  };
  return { handler, asked };
}

const captchaRefused = () =>
  envelope(
    [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
    400,
    'error.object.captcha_verification_failed',
    'Verification failed.',
  );

const list = () => screen.findByRole('list', { name: 'Comments on the question' });
const items = (ul: HTMLElement) => within(ul).getAllByRole('listitem');
const texts = (ul: HTMLElement) => items(ul).map((li) => li.querySelector('.qa-comment__text')!.textContent);
const captchaDialog = () => screen.findByRole('dialog', { name: 'Verification' });

describe('comment captchas', () => {
  it("adding: the 'comment' captcha in a dialog, sent with the comment", async () => {
    const posted = commentRow(4, { username: 'me', original_text: 'Nice question!' });
    posted.parsed_text = '<p>Nice question!</p>';
    const record = records('comment');
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 3, list: commentRows(1, 3) },
      [RECORD]: record.handler,
      [`POST ${COMMENT}`]: posted,
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    await user.type(screen.getByRole('combobox', { name: 'Your comment' }), 'Nice question!');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));

    const dialog = await captchaDialog();
    expect(within(dialog).getByRole('img', { name: /Verification code image/ })).toHaveAttribute('src', image(1));
    expect(http.bodiesOf('POST', COMMENT)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Verification code'), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(texts(ul).at(-1)).toBe('Nice question!'));
    expect(record.asked).toEqual(['comment']);
    expect(http.bodiesOf('POST', COMMENT)).toEqual([
      {
        object_id: QUESTION_ID,
        original_text: 'Nice question!',
        mention_username_list: [],
        captcha_id: 'captcha-1',
        captcha_code: 'abcd',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('cancelling the dialog sends nothing and keeps the text in the form', async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 0, list: [] },
      [RECORD]: records('comment').handler,
    });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    await user.type(screen.getByRole('combobox', { name: 'Your comment' }), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    const dialog = await captchaDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Your comment' })).toHaveValue('Half a thought');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(http.bodiesOf('POST', COMMENT)).toEqual([]);
  });

  it("editing: a wrong 'edit' code shows the server's message on the field with a new image; the right one saves", async () => {
    const record = records('edit');
    const http = mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { member_actions: OWN_ACTIONS })] },
      [RECORD]: record.handler,
      [`PUT ${COMMENT}`]: ({ body }: RecordedCall) =>
        (body as { captcha_code?: string }).captcha_code === 'right'
          ? { comment_id: commentRow(1).comment_id, original_text: 'Fixed', parsed_text: '<p>Fixed</p>' }
          : captchaRefused(),
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(within(ul).getByRole('button', { name: 'Edit' }));
    const box = within(ul).getByRole('combobox', { name: 'Edit your comment' });
    await user.clear(box);
    await user.type(box, 'Fixed');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));

    const dialog = await captchaDialog();
    const field = within(dialog).getByLabelText('Verification code');
    await user.type(field, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Verification failed.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('');
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: /Verification code image/ })).toHaveAttribute('src', image(2)),
    );

    await user.type(field, 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(texts(ul)).toEqual(['Fixed']));
    expect(http.bodiesOf('PUT', COMMENT)).toEqual([
      { comment_id: commentRow(1).comment_id, original_text: 'Fixed', captcha_id: 'captcha-1', captcha_code: 'wrong' },
      { comment_id: commentRow(1).comment_id, original_text: 'Fixed', captcha_id: 'captcha-2', captcha_code: 'right' },
    ]);
    expect(record.asked).toEqual(['edit', 'edit']);
  });

  it("deleting: after the confirmation, the 'delete' captcha; the comment goes once it is answered", async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser('user1'),
      [COMMENT_PAGE]: { count: 2, list: [commentRow(1, { member_actions: OWN_ACTIONS }), commentRow(2)] },
      [RECORD]: records('delete').handler,
      [`DELETE ${COMMENT}`]: null,
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(within(items(ul)[0]!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const dialog = await captchaDialog();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await user.type(within(dialog).getByLabelText('Verification code'), 'abcd{Enter}');
    await waitFor(() => expect(texts(ul)).toEqual(['Comment number 2']));
    expect(http.bodiesOf('DELETE', COMMENT)).toEqual([
      { comment_id: commentRow(1).comment_id, captcha_id: 'captcha-1', captcha_code: 'abcd' },
    ]);
  });

  it('the record said nothing, but the server asks for a captcha: the dialog opens with its message', async () => {
    const posted = commentRow(2, { username: 'me', original_text: 'Second try' });
    posted.parsed_text = '<p>Second try</p>';
    let asked = 0;
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 1, list: commentRows(1, 1) },
      [RECORD]: () => {
        asked += 1;
        return asked === 1
          ? { captcha_id: '', captcha_img: '', verify: false }
          : { captcha_id: 'captcha-9', captcha_img: image(9), verify: true };
      },
      [`POST ${COMMENT}`]: ({ body }: RecordedCall) =>
        (body as { captcha_code?: string }).captcha_code ? posted : captchaRefused(),
    });
    const user = userEvent.setup();
    renderComments();
    const ul = await list();
    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    await user.type(screen.getByRole('combobox', { name: 'Your comment' }), 'Second try');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    const dialog = await captchaDialog();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Verification code')).toHaveAccessibleDescription('Verification failed.'),
    );
    await user.type(within(dialog).getByLabelText('Verification code'), 'ok12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(texts(ul).at(-1)).toBe('Second try'));
    expect(http.bodiesOf('POST', COMMENT)).toHaveLength(2);
    expect(http.bodiesOf('POST', COMMENT)[1]).toMatchObject({ captcha_id: 'captcha-9', captcha_code: 'ok12' });
  });

  it("voting: a new vote may need the 'vote' captcha; taking it back never asks", async () => {
    const record = records('vote');
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { vote_count: 2 })] },
      [RECORD]: record.handler,
      [VOTE_UP]: { up_votes: 3, down_votes: 0, votes: 3, vote_status: 'vote_up' },
    });
    const user = userEvent.setup();
    renderComments();
    const item = within(items(await list())[0]!);
    const button = item.getByRole('button', { name: 'Vote up this comment' });
    await user.click(button);
    const dialog = await captchaDialog();
    await user.type(within(dialog).getByLabelText('Verification code'), 'v0te{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(item.getByText('3 votes')).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(record.asked).toEqual(['vote']);
    expect(http.bodiesOf('POST', '/answer/api/v1/vote/up')).toEqual([
      { object_id: commentRow(1).comment_id, is_cancel: false, captcha_id: 'captcha-1', captcha_code: 'v0te' },
      { object_id: commentRow(1).comment_id, is_cancel: true },
    ]);
  });
});
