// The captcha of the detail screen's protected actions (docs/wire-contract.md): answer, delete, vote,
// invitation_answer, report. The dialog itself is shared-ui's (tested there); here: which actions ask, what
// the retry sends, and that a cancelled dialog leaves everything as it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '@agora/shared-api/testing';
import { A1, actions, ALICE, answerInfo, BOB, currentUser, person, QID, questionInfo } from './test/fixtures';
import { renderDetail } from './test/render';
import { serve, V1 } from './test/serve';
import { toast } from '../test/toast-mock';

// The screen's editor module itself stands in (a textarea and the plain HTML): through the lazy editor entry,
// the question body and the answer editor import the mocked entry at once, and the second import has been
// seen to get the real bytemd editor, which jsdom cannot type into.
vi.mock('../common/editor', async () => {
  const mock = await import('./test/editor-mock');
  return {
    PostBody: mock.PostContent,
    Editor: mock.MarkdownEditor,
    renderMarkdown: () => Promise.resolve(''),
    uploadImage: () => Promise.resolve(''),
  };
});
vi.mock('../comments', () => import('./test/comments-mock'));
vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../test/toast-mock')).withToastSpies(importOriginal),
);

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
});

const RECORD = `GET ${V1}/user/action/record`;
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

/** user/action/record: a captcha for the actions listed, a new id each time; none for the others. */
function recordAsking(...asking: string[]) {
  let n = 0;
  return (call: RecordedCall) => {
    if (!asking.includes(call.query.get('action') ?? '')) return { captcha_id: '', captcha_img: '', verify: false };
    n += 1;
    return { captcha_id: `cap-${n}`, captcha_img: IMAGE, verify: true };
  };
}

const recordedActions = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === `${V1}/user/action/record`).map((c) => c.query.get('action'));

/**
 * The captcha dialog, the one with the code field. (Not found by its name: under NODE_ENV=test antd gives
 * every dialog title the same id, so a second dialog open over the flag or invite dialog takes that one's name.)
 */
const openCaptcha = () =>
  screen.queryAllByRole('dialog').find((d) => within(d).queryByLabelText('Verification code') !== null);
const captchaDialog = () =>
  waitFor(() => {
    const box = openCaptcha();
    expect(box).toBeDefined();
    expect(within(box!).getByText('Verification')).toBeInTheDocument();
    return box!;
  });

/** Types the code in the captcha dialog and sends it. */
async function answerCaptcha(user: ReturnType<typeof userEvent.setup>, code: string) {
  const box = await captchaDialog();
  expect(within(box).getByRole('img', { name: /Verification code image/ })).toHaveAttribute('src', IMAGE);
  await user.type(within(box).getByLabelText('Verification code'), code);
  await user.click(within(box).getByRole('button', { name: 'Verify' }));
}

describe('question detail: captcha on the answer form', () => {
  it('asks for the code when the record says so and posts the answer with captcha_id and captcha_code', async () => {
    const posted = answerInfo('10020000000000003', { html: '<p>Use readline.</p>', user_info: BOB });
    const http = serve(
      { answers: [] },
      {
        [RECORD]: recordAsking('answer'),
        [`POST ${V1}/answer`]: { info: posted, question: questionInfo({ answer_count: 1 }) },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Use readline for this.');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));

    await captchaDialog();
    expect(recordedActions(http.calls)).toEqual(['answer']);
    // Nothing is sent before the code.
    expect(http.bodiesOf('POST', `${V1}/answer`)).toHaveLength(0);
    await answerCaptcha(user, 'ab12');
    await waitFor(() =>
      expect(http.bodiesOf('POST', `${V1}/answer`)).toEqual([
        { question_id: QID, content: 'Use readline for this.', captcha_id: 'cap-1', captcha_code: 'ab12' },
      ]),
    );
    await waitFor(() => expect(openCaptcha()).toBeUndefined());
    expect(await screen.findByText('Use readline.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue(''));
  });

  it('a refused code shows the server’s message with a fresh image; the next code goes with the new id', async () => {
    let tries = 0;
    const http = serve(
      { answers: [] },
      {
        [RECORD]: recordAsking('answer'),
        [`POST ${V1}/answer`]: () => {
          tries += 1;
          if (tries === 1) {
            return new Response(
              JSON.stringify({
                code: 400,
                reason: 'error.object.verification_failed',
                msg: 'Verification failed.',
                data: [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
              }),
              { status: 400, headers: { 'content-type': 'application/json' } },
            );
          }
          return { info: answerInfo('10020000000000003'), question: questionInfo({ answer_count: 1 }) };
        },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Use readline for this.');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    await answerCaptcha(user, 'bad1');
    const box = await captchaDialog();
    await waitFor(() =>
      expect(within(box).getByLabelText('Verification code')).toHaveAccessibleDescription('Verification failed.'),
    );
    expect(within(box).getByLabelText('Verification code')).toHaveValue('');
    await answerCaptcha(user, 'good');
    await waitFor(() =>
      expect(
        http
          .bodiesOf('POST', `${V1}/answer`)
          .map((b) => [(b as { captcha_id: string }).captcha_id, (b as { captcha_code: string }).captcha_code]),
      ).toEqual([
        ['cap-1', 'bad1'],
        ['cap-2', 'good'],
      ]),
    );
  });

  it('cancelling the dialog sends nothing and keeps the text', async () => {
    const http = serve({ answers: [] }, { [RECORD]: recordAsking('answer') });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const editor = await screen.findByRole('textbox', { name: 'Your answer' });
    await user.type(editor, 'Use readline for this.');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    await user.click(within(await captchaDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openCaptcha()).toBeUndefined());
    expect(http.bodiesOf('POST', `${V1}/answer`)).toHaveLength(0);
    expect(editor).toHaveValue('Use readline for this.');
    expect(screen.getByRole('button', { name: 'Post your answer' })).not.toHaveAttribute('aria-busy');
  });

  it('no captcha asked: the answer goes at once, without captcha fields', async () => {
    const http = serve(
      { answers: [] },
      {
        [RECORD]: recordAsking(),
        [`POST ${V1}/answer`]: { info: answerInfo('10020000000000003'), question: questionInfo() },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Use readline for this.');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    await waitFor(() =>
      expect(http.bodiesOf('POST', `${V1}/answer`)).toEqual([{ question_id: QID, content: 'Use readline for this.' }]),
    );
    expect(openCaptcha()).toBeUndefined();
  });
});

describe('question detail: captcha on votes, delete, flag and invite', () => {
  it('a new vote asks; taking a vote back never does', async () => {
    const http = serve(
      { question: questionInfo({ vote_status: 'vote_down', vote_count: 2 }) },
      {
        [RECORD]: recordAsking('vote'),
        [`POST ${V1}/vote/up`]: { up_votes: 1, down_votes: 0, votes: 4, vote_status: 'vote_up' },
        [`POST ${V1}/vote/down`]: { up_votes: 0, down_votes: 0, votes: 3, vote_status: '' },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const votes = (await screen.findAllByRole('group', { name: 'Votes' }))[0]!;
    const up = within(votes).getByRole('button', { name: 'Vote up' });
    const down = within(votes).getByRole('button', { name: 'Vote down' });

    // Taking the down vote back: sent at once, no record asked.
    await user.click(down);
    await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'false'));
    expect(http.bodiesOf('POST', `${V1}/vote/down`)).toEqual([{ object_id: QID, is_cancel: true }]);
    expect(recordedActions(http.calls)).toEqual([]);

    // A new up vote: the captcha first.
    await user.click(up);
    await answerCaptcha(user, 'v0te');
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(http.bodiesOf('POST', `${V1}/vote/up`)).toEqual([
      { object_id: QID, is_cancel: false, captcha_id: 'cap-1', captcha_code: 'v0te' },
    ]);
    expect(recordedActions(http.calls)).toEqual(['vote']);
  });

  it('a cancelled vote captcha leaves the vote as it was', async () => {
    const http = serve({}, { [RECORD]: recordAsking('vote') });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const votes = (await screen.findAllByRole('group', { name: 'Votes' }))[0]!;
    const up = within(votes).getByRole('button', { name: 'Vote up' });
    await user.click(up);
    await user.click(within(await captchaDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openCaptcha()).toBeUndefined());
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(http.bodiesOf('POST', `${V1}/vote/up`)).toHaveLength(0);
  });

  it('delete: the confirmation closes, the captcha is the only dialog, DELETE carries the code', async () => {
    const http = serve(
      { question: questionInfo({ member_actions: actions('delete') }) },
      { [RECORD]: recordAsking('delete'), [`DELETE ${V1}/question`]: null },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const bar = (await screen.findAllByRole('list', { name: 'Post actions' }))[0]!;
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await captchaDialog();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await answerCaptcha(user, 'de1e');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The post has been deleted.'));
    expect(http.bodiesOf('DELETE', `${V1}/question`)).toEqual([{ id: QID, captcha_id: 'cap-1', captcha_code: 'de1e' }]);
  });

  it('delete: a cancelled captcha deletes nothing and says nothing', async () => {
    const http = serve(
      { answers: [answerInfo(A1, { member_actions: actions('delete') })] },
      { [RECORD]: recordAsking('delete'), [`DELETE ${V1}/answer`]: null },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    await waitFor(() => expect(screen.getAllByRole('list', { name: 'Post actions' })).toHaveLength(2));
    const bar = screen.getAllByRole('list', { name: 'Post actions' })[1]!;
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await user.click(within(await captchaDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.bodiesOf('DELETE', `${V1}/answer`)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('flag: POST report carries the code; closing a question never asks', async () => {
    const reasons = [
      { reason_key: 'spam', reason_type: 3, name: 'Spam', description: '', content_type: '', placeholder: '' },
    ];
    const http = serve(
      { question: questionInfo({ member_actions: actions('report', 'close') }) },
      {
        [RECORD]: recordAsking('report'),
        [`GET ${V1}/reasons`]: reasons,
        [`POST ${V1}/report`]: null,
        [`PUT ${V1}/question/status`]: null,
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const bar = (await screen.findAllByRole('list', { name: 'Post actions' }))[0]!;

    await user.click(within(bar).getByRole('button', { name: 'Close' }));
    let box = await screen.findByRole('dialog');
    await user.click(await within(box).findByRole('radio', { name: /Spam/ }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${V1}/question/status`)).toEqual([{ id: QID, close_type: 3 }]));
    expect(recordedActions(http.calls)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(bar).getByRole('button', { name: 'Flag' }));
    box = await screen.findByRole('dialog');
    await user.click(await within(box).findByRole('radio', { name: /Spam/ }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await answerCaptcha(user, 'f1ag');
    await waitFor(() =>
      expect(http.bodiesOf('POST', `${V1}/report`)).toEqual([
        { object_id: QID, report_type: 3, captcha_id: 'cap-1', captcha_code: 'f1ag' },
      ]),
    );
    expect(toast.success).toHaveBeenCalledWith('Thanks for flagging. A moderator will look at it.');
    expect(recordedActions(http.calls)).toEqual(['report']);
  });

  it('invite: PUT question/invite carries the code', async () => {
    const INVITE = { action: 'invite_other_to_answer', name: 'Invite', type: 'edit' };
    const http = serve(
      { question: questionInfo({ extends_actions: [INVITE] }) },
      {
        [RECORD]: recordAsking('invitation_answer'),
        [`GET ${V1}/question/invite`]: [],
        [`GET ${V1}/user/info/search`]: [person('dora')],
        [`PUT ${V1}/question/invite`]: null,
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const section = (await screen.findByRole('heading', { name: 'Invite people to answer' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Invite' }));
    const box = await screen.findByRole('dialog');
    await user.type(within(box).getByRole('textbox', { name: 'Search people' }), 'd');
    const found = await within(box).findByRole('list', { name: 'People found' }, { timeout: 3000 });
    await user.click(within(found).getByRole('button', { name: /Dora/ }));
    await user.click(within(box).getByRole('button', { name: 'Send invitations' }));
    await answerCaptcha(user, '1nv1');
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/question/invite`)).toEqual([
        { id: QID, invite_user: ['dora'], captcha_id: 'cap-1', captcha_code: '1nv1' },
      ]),
    );
    expect(toast.success).toHaveBeenCalledWith('Invitations sent.');
  });
});
