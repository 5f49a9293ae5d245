import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '@agora/shared-api/testing';
import { A1, actions, ALICE, answerInfo, currentUser, QID, questionInfo } from '../test/fixtures';
import { renderDetail } from '../test/render';
import { serve, V1 } from '../test/serve';
import { toast } from '../../test/toast-mock';

vi.mock('@agora/shared-ui/editor', () => import('../test/editor-mock'));
vi.mock('../../comments', () => import('../test/comments-mock'));
vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../../test/toast-mock')).withToastSpies(importOriginal),
);

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
});

const CLOSE_REASONS = [
  {
    reason_key: 'duplicate',
    reason_type: 7,
    name: 'A duplicate',
    description: 'Asked before.',
    content_type: 'text',
    placeholder: 'Link of the original',
  },
  {
    reason_key: 'off_topic',
    reason_type: 8,
    name: 'Off-topic',
    description: 'Not about this site.',
    content_type: '',
    placeholder: '',
  },
];

/** The action bar of the question (the first one on the page). */
const questionBar = async () => (await screen.findAllByRole('list', { name: 'Post actions' }))[0]!;
/** The action bar of the first answer, once the answers are there. */
async function answerBar() {
  await waitFor(() => expect(screen.getAllByRole('list', { name: 'Post actions' })).toHaveLength(2));
  return screen.getAllByRole('list', { name: 'Post actions' })[1]!;
}
const dialog = () => screen.findByRole('dialog');

function openAs(question = questionInfo(), routes = {}, answers = [answerInfo(A1)]) {
  const http = serve({ question, answers }, routes);
  const user = userEvent.setup();
  renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
  return { http, user };
}

describe('question detail: member actions', () => {
  it('shows only the actions the server lists; edit leads to the edit screens', async () => {
    openAs(questionInfo({ member_actions: actions('edit', 'close', 'unknown_thing') }), {}, [
      answerInfo(A1, { member_actions: actions('edit', 'report') }),
    ]);
    const bar = await questionBar();
    const names = within(bar)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Share', 'Follow', 'Close']);
    expect(within(bar).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/posts/${QID}/edit`);
    expect(within(bar).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const answer = await answerBar();
    expect(within(answer).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/posts/${QID}/${A1}/edit`);
    expect(within(answer).getByRole('button', { name: 'Flag' })).toBeInTheDocument();
    // Logged-in members reach each post's timeline from its bar.
    expect(within(bar).getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', `/posts/${QID}/timeline`);
    expect(within(answer).getByRole('link', { name: 'Timeline' })).toHaveAttribute(
      'href',
      `/posts/${QID}/${A1}/timeline`,
    );
  });

  it.each([
    ['no answers', questionInfo({ answer_count: 0 }), 'Are you sure you want to delete this question?'],
    ['answers', questionInfo({ answer_count: 2 }), /^This question has answers\./],
    [
      'an accepted answer',
      questionInfo({ answer_count: 2, accepted_answer_id: A1 }),
      /^This question has an accepted answer\./,
    ],
  ])('deleting a question with %s warns accordingly, then deletes and toasts', async (_case, question, warning) => {
    const { http, user } = openAs(
      { ...question, member_actions: actions('delete') },
      { [`DELETE ${V1}/question`]: null },
    );
    await user.click(within(await questionBar()).getByRole('button', { name: 'Delete' }));
    const box = await dialog();
    expect(within(box).getByText('Delete this post')).toBeInTheDocument();
    expect(within(box).getByText(warning)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The post has been deleted.'));
    expect(http.bodiesOf('DELETE', `${V1}/question`)).toEqual([{ id: QID }]);
  });

  it('deleting an accepted answer warns about it; the answer toast differs from the question one', async () => {
    const { http, user } = openAs(questionInfo({ accepted_answer_id: A1 }), { [`DELETE ${V1}/answer`]: null }, [
      answerInfo(A1, { accepted: 2, member_actions: actions('delete') }),
    ]);
    await user.click(within(await answerBar()).getByRole('button', { name: 'Delete' }));
    const box = await dialog();
    expect(within(box).getByText(/^This answer is accepted\./)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The answer has been deleted.'));
    expect(http.bodiesOf('DELETE', `${V1}/answer`)).toEqual([{ id: A1 }]);
  });

  it('cancelling a confirmation sends nothing', async () => {
    const { http, user } = openAs(questionInfo({ member_actions: actions('pin') }));
    await user.click(within(await questionBar()).getByRole('button', { name: 'Pin' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it.each([
    [
      'pin',
      'Pin',
      'Pin this question',
      'PUT',
      'question/operation',
      { id: QID, operation: 'pin' },
      'The post has been pinned.',
    ],
    [
      'unpin',
      'Unpin',
      'Unpin this question',
      'PUT',
      'question/operation',
      { id: QID, operation: 'unpin' },
      'The post has been unpinned.',
    ],
    [
      'hide',
      'Unlist',
      'Unlist this question',
      'PUT',
      'question/operation',
      { id: QID, operation: 'hide' },
      'The post has been hidden from the list.',
    ],
    [
      'show',
      'List',
      'List this question',
      'PUT',
      'question/operation',
      { id: QID, operation: 'show' },
      'The post is shown in the list again.',
    ],
    [
      'reopen',
      'Reopen',
      'Reopen this question',
      'PUT',
      'question/reopen',
      { question_id: QID },
      'The post has been reopened.',
    ],
    [
      'undelete',
      'Undelete',
      'Undelete this post',
      'POST',
      'question/recover',
      { question_id: QID },
      'The post has been undeleted.',
    ],
  ])(
    '%s asks for confirmation, calls the server and toasts',
    async (action, button, title, method, path, body, message) => {
      let reloaded = 0;
      const http = serve(
        {
          question: () => {
            reloaded += 1;
            return questionInfo({ member_actions: actions(action) });
          },
          answers: [],
        },
        { [`${method} ${V1}/${path}`]: null },
      );
      const user = userEvent.setup();
      renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
      await user.click(within(await questionBar()).getByRole('button', { name: button }));
      const box = await dialog();
      expect(within(box).getByText(title)).toBeInTheDocument();
      await user.click(within(box).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(message));
      expect(http.bodiesOf(method, `${V1}/${path}`)).toEqual([body]);
      // The question is read again so its new state shows.
      await waitFor(() => expect(reloaded).toBeGreaterThan(1));
    },
  );

  it('undeleting an answer posts answer/recover', async () => {
    const { http, user } = openAs(questionInfo(), { [`POST ${V1}/answer/recover`]: null }, [
      answerInfo(A1, { status: 10, member_actions: actions('undelete') }),
    ]);
    await user.click(within(await answerBar()).getByRole('button', { name: 'Undelete' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(http.bodiesOf('POST', `${V1}/answer/recover`)).toEqual([{ answer_id: A1 }]));
    expect(toast.success).toHaveBeenCalledWith('The post has been undeleted.');
  });
});

describe('question detail: close and flag dialogs', () => {
  it('close: requires a reason, then the remark a reason asks for, then PUTs question/status', async () => {
    const { http, user } = openAs(questionInfo({ member_actions: actions('close') }), {
      [`GET ${V1}/reasons`]: CLOSE_REASONS,
      [`PUT ${V1}/question/status`]: null,
    });
    await user.click(within(await questionBar()).getByRole('button', { name: 'Close' }));
    const box = await dialog();
    expect(within(box).getByText('Close this question')).toBeInTheDocument();
    const reasons = await within(box).findByRole('radiogroup', { name: 'Reasons' });
    const reasonsCall = http.calls.find((c) => c.path === `${V1}/reasons`)!;
    expect(Object.fromEntries(reasonsCall.query)).toEqual({ object_type: 'question', action: 'close' });

    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    expect(await within(box).findByText('Please select a reason.')).toBeInTheDocument();

    await user.click(within(reasons).getByRole('radio', { name: /A duplicate/ }));
    expect(within(box).queryByText('Please select a reason.')).not.toBeInTheDocument();
    const remark = within(box).getByRole('textbox', { name: 'Details' });
    expect(remark).toHaveAttribute('placeholder', 'Link of the original');
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    expect(await within(box).findByText('Cannot be empty.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${V1}/question/status`)).toHaveLength(0);

    await user.type(remark, 'https://example.com/questions/1');
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/question/status`)).toEqual([
        { id: QID, close_type: 7, close_msg: 'https://example.com/questions/1' },
      ]),
    );
    expect(toast.success).toHaveBeenCalledWith('The question has been closed.');
  });

  it('close with a reason that takes no remark sends none', async () => {
    const { http, user } = openAs(questionInfo({ member_actions: actions('close') }), {
      [`GET ${V1}/reasons`]: CLOSE_REASONS,
      [`PUT ${V1}/question/status`]: null,
    });
    await user.click(within(await questionBar()).getByRole('button', { name: 'Close' }));
    const box = await dialog();
    await user.click(await within(box).findByRole('radio', { name: /Off-topic/ }));
    expect(within(box).queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${V1}/question/status`)).toEqual([{ id: QID, close_type: 8 }]));
  });

  it('flag on an answer: reasons for answers, POST report, thanks toast', async () => {
    const { http, user } = openAs(
      questionInfo(),
      {
        [`GET ${V1}/reasons`]: (call: RecordedCall) => [
          {
            reason_key: 'spam',
            reason_type: 3,
            name: `Spam (${call.query.get('object_type')})`,
            description: '',
            content_type: '',
            placeholder: '',
          },
        ],
        [`POST ${V1}/report`]: null,
      },
      [answerInfo(A1, { member_actions: actions('report') })],
    );
    await user.click(within(await answerBar()).getByRole('button', { name: 'Flag' }));
    const box = await dialog();
    expect(within(box).getByText('Flag this post')).toBeInTheDocument();
    await user.click(await within(box).findByRole('radio', { name: /Spam \(answer\)/ }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(http.bodiesOf('POST', `${V1}/report`)).toEqual([{ object_id: A1, report_type: 3 }]));
    expect(toast.success).toHaveBeenCalledWith('Thanks for flagging. A moderator will look at it.');
  });

  it('a flag the server cannot take (404) says so in the dialog', async () => {
    const { user } = openAs(questionInfo({ member_actions: actions('report') }), {
      [`GET ${V1}/reasons`]: [
        { reason_key: 'spam', reason_type: 3, name: 'Spam', description: '', content_type: '', placeholder: '' },
      ],
    });
    await user.click(within(await questionBar()).getByRole('button', { name: 'Flag' }));
    const box = await dialog();
    await user.click(await within(box).findByRole('radio', { name: 'Spam' }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(/^This could not be sent\./);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('comments are mounted under the question and each answer; a comment flag opens the reasons for comments', async () => {
    const { http, user } = openAs(questionInfo(), {
      [`GET ${V1}/reasons`]: [
        { reason_key: 'rude', reason_type: 5, name: 'Rude', description: '', content_type: '', placeholder: '' },
      ],
      [`POST ${V1}/report`]: null,
    });
    await answerBar();
    const mounted = screen.getAllByTestId('comments').map((c) => [c.dataset.objectType, c.dataset.objectId]);
    expect(mounted).toEqual([
      ['question', QID],
      ['answer', A1],
    ]);
    await user.click(screen.getByRole('button', { name: `Flag comment of ${A1}` }));
    const box = await dialog();
    await user.click(await within(box).findByRole('radio', { name: 'Rude' }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(http.bodiesOf('POST', `${V1}/report`)).toEqual([{ object_id: `c-${A1}`, report_type: 5 }]),
    );
    const reasonsCall = http.calls.find((c) => c.path === `${V1}/reasons`)!;
    expect(reasonsCall.query.get('object_type')).toBe('comment');
  });
});
