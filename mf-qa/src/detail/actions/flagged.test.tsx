import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { A1, actions, ALICE, answerInfo, currentUser, QID, questionInfo } from '../test/fixtures';
import { renderDetail } from '../test/render';
import { serve, V1 } from '../test/serve';

vi.mock('@agora/shared-ui/editor', () => import('../test/editor-mock'));
vi.mock('../../comments', () => import('../test/comments-mock'));

const bars = async (count: number) => {
  await waitFor(() => expect(screen.getAllByRole('list', { name: 'Post actions' })).toHaveLength(count));
  return screen.getAllByRole('list', { name: 'Post actions' });
};

describe('a post the member has flagged', () => {
  it('shows a disabled Flagged in place of Flag, from the post the server sends', async () => {
    serve({
      question: questionInfo({ reported: true, member_actions: actions('edit') }),
      answers: [answerInfo(A1, { reported: true, member_actions: actions('edit') })],
    });
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    for (const bar of await bars(2)) {
      const flagged = within(bar).getByRole('button', { name: 'Flagged' });
      expect(flagged).toBeDisabled();
      expect(within(bar).queryByRole('button', { name: 'Flag' })).not.toBeInTheDocument();
    }
  });

  it('after flagging, asks for the post again and shows it as flagged', { timeout: 120_000 }, async () => {
    let flagged = false;
    const http = serve(
      {
        question: () =>
          flagged
            ? questionInfo({ reported: true, member_actions: [] })
            : questionInfo({ member_actions: actions('report') }),
      },
      {
        [`GET ${V1}/reasons`]: [
          { reason_key: 'spam', reason_type: 3, name: 'Spam', description: '', content_type: '', placeholder: '' },
        ],
        [`POST ${V1}/report`]: () => {
          flagged = true;
          return null;
        },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const [bar] = await bars(1);
    await user.click(within(bar!).getByRole('button', { name: 'Flag' }));
    // The dialog loads antd on first use: slow on a busy machine.
    const box = await screen.findByRole('dialog', {}, { timeout: 60_000 });
    await user.click(await within(box).findByRole('radio', { name: 'Spam' }));
    await user.click(within(box).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(http.bodiesOf('POST', `${V1}/report`)).toHaveLength(1));
    const [after] = await bars(1);
    expect(await within(after!).findByRole('button', { name: 'Flagged' })).toBeDisabled();
    expect(within(after!).queryByRole('button', { name: 'Flag' })).not.toBeInTheDocument();
  });
});
