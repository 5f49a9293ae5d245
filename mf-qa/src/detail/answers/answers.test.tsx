import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall } from '@agora/shared-api/testing';
import { A1, A2, ALICE, answerInfo, BOB, currentUser, QID, questionInfo } from '../test/fixtures';
import { renderDetail } from '../test/render';
import { serve, V1 } from '../test/serve';
import { HIGHLIGHT_MS } from './answer-list';

vi.mock('@agora/shared-ui/editor', () => import('../test/editor-mock'));
vi.mock('../../comments', () => import('../test/comments-mock'));

const answerList = () => screen.findByRole('list', { name: 'Answers' });
/** Dialogs load antd on first use, which takes a while under jsdom. */
const LAZY = { timeout: 10_000 };
const answerOf = (id: string) => document.getElementById(`answer-${id}`)!;
/** The answers (the list's own items, not those of lists inside the answers). */
const items = (list: HTMLElement) => Array.from(list.children) as HTMLElement[];
const pageCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === `${V1}/answer/page`);

const nativeScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.useRealTimers();
  Element.prototype.scrollIntoView = nativeScrollIntoView;
  // Answer drafts written by one test must not be restored in the next.
  window.localStorage.clear();
});

/**
 * The answer editor once the lazily loaded one (the mock) has replaced its plain stand-in: keys typed
 * into the stand-in while it is being swapped out would be lost.
 */
function findEditor(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const box = screen.getByRole('textbox', { name });
    expect(box).toHaveAttribute('data-testid', 'markdown-editor');
    return box;
  });
}

describe('question detail: answers', () => {
  it('loads the first page in the default order and shows each answer with votes, author and body', async () => {
    const http = serve({ answers: [answerInfo(A1, { vote_count: 5 }), answerInfo(A2)] });
    renderDetail(`/questions/${QID}`);
    const list = await answerList();
    expect(Object.fromEntries(pageCalls(http.calls).at(-1)!.query)).toEqual({
      question_id: QID,
      order: 'default',
      page: '1',
      page_size: '15',
    });
    expect(screen.getByRole('heading', { level: 2, name: '2 answers' })).toBeInTheDocument();
    const first = items(list)[0]!;
    expect(within(first).getByText('5 votes')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/users/bob');
    expect(await within(first).findByTestId('post-content')).toHaveTextContent('Answer 001');
    // A visitor has no accept button; nobody gets actions the server did not list.
    expect(within(first).queryByRole('button', { name: 'Accept this answer' })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // Two answers: one page, no pagination.
    expect(screen.queryByRole('navigation', { name: 'Answer pages' })).not.toBeInTheDocument();
  });

  it('sort links set order (updated, created, vote) and drop page; the default has no order', async () => {
    const http = serve({ answers: { count: 20, list: [answerInfo(A1)] } });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}?order=vote&page=2`);
    await answerList();
    expect(Object.fromEntries(pageCalls(http.calls).at(-1)!.query)).toMatchObject({ order: 'vote', page: '2' });
    const sorts = screen.getByRole('group', { name: 'Sort answers' });
    expect(
      within(sorts)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Default', `/questions/${QID}`],
      ['Newest', `/questions/${QID}?order=updated`],
      ['Oldest', `/questions/${QID}?order=created`],
      ['Score', `/questions/${QID}?order=vote`],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Answer pages' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(sorts).getByRole('link', { name: 'Oldest' }));
    await waitFor(() =>
      expect(Object.fromEntries(pageCalls(http.calls).at(-1)!.query)).toMatchObject({ order: 'created', page: '1' }),
    );
  });

  it('the asker accepts an answer (answer/acceptance); the reloaded list puts it first, marked accepted', async () => {
    let accepted = '';
    const http = serve(
      {
        question: () => questionInfo({ accepted_answer_id: accepted || '0' }),
        answers: () =>
          accepted
            ? { count: 2, list: [answerInfo(A2, { accepted: 2 }), answerInfo(A1)] }
            : { count: 2, list: [answerInfo(A1), answerInfo(A2)] },
      },
      {
        [`POST ${V1}/answer/acceptance`]: (call: RecordedCall) => {
          accepted = (call.body as { answer_id: string }).answer_id;
          return null;
        },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const list = await answerList();
    const second = items(list)[1]!;
    expect(second).toContainElement(answerOf(A2));
    await user.click(within(second).getByRole('button', { name: 'Accept this answer' }));
    await waitFor(() => expect(items(list)[0]).toContainElement(answerOf(A2)));
    const first = items(list)[0]!;
    expect(within(first).getByText('Accepted answer')).toBeInTheDocument();
    expect(answerOf(A2)).toHaveClass('qa-answer--accepted');
    const undo = within(first).getByRole('button', { name: 'Unaccept this answer' });
    expect(undo).toHaveAttribute('aria-pressed', 'true');
    await user.click(undo);
    await waitFor(() => expect(items(list)[0]).toContainElement(answerOf(A1)));
    expect(http.bodiesOf('POST', `${V1}/answer/acceptance`)).toEqual([
      { question_id: QID, answer_id: A2 },
      { question_id: QID, answer_id: '' },
    ]);
  });

  it('someone who did not ask sees no accept button', async () => {
    serve({ answers: [answerInfo(A1)] });
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const list = await answerList();
    expect(within(list).queryByRole('button', { name: 'Accept this answer' })).not.toBeInTheDocument();
  });

  it('votes on an answer toggle like the question’s', async () => {
    const http = serve(
      { answers: [answerInfo(A1, { vote_count: 1 })] },
      { [`POST ${V1}/vote/up`]: { up_votes: 2, down_votes: 0, votes: 2, vote_status: 'vote_up' } },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const answer = within(items(await answerList())[0]!);
    const up = answer.getByRole('button', { name: 'Vote up' });
    await user.click(up);
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    expect(answer.getByText('2 votes')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${V1}/vote/up`)).toEqual([{ object_id: A1, is_cancel: false }]);
  });

  it('an answer link scrolls to the answer, focuses it and highlights it for 3.2 s', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    serve({ answers: [answerInfo(A1), answerInfo(A2)] });
    renderDetail(`/questions/${QID}/how-do-i-read-a-file/${A2}`);
    await answerList();
    await waitFor(() => expect(answerOf(A2)).toHaveClass('qa-answer--highlighted'));
    expect(answerOf(A1)).not.toHaveClass('qa-answer--highlighted');
    expect(answerOf(A2)).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(answerOf(A2));
    // The highlight fades after HIGHLIGHT_MS (3.2 s), not before.
    expect(HIGHLIGHT_MS).toBe(3200);
    await act(async () => {
      vi.advanceTimersByTime(2600);
    });
    expect(answerOf(A2)).toHaveClass('qa-answer--highlighted');
    await act(async () => {
      vi.advanceTimersByTime(800);
    });
    expect(answerOf(A2)).not.toHaveClass('qa-answer--highlighted');
  });

  it('an answer that is not on the first page is loaded with answer/info and shown first, highlighted', async () => {
    const far = '10020000000000099';
    const http = serve(
      { answers: { count: 30, list: [answerInfo(A1), answerInfo(A2)] } },
      { [`GET ${V1}/answer/info`]: { info: answerInfo(far), question: questionInfo() } },
    );
    renderDetail(`/questions/${QID}/how-do-i-read-a-file/${far}`);
    const list = await answerList();
    await waitFor(() => expect(items(list)[0]).toContainElement(answerOf(far)));
    expect(http.calls.find((c) => c.path === `${V1}/answer/info`)!.query.get('id')).toBe(far);
    await waitFor(() => expect(answerOf(far)).toHaveClass('qa-answer--highlighted'));
    expect(items(list)).toHaveLength(3);
  });

  it('answer links follow the permalink setting: no slug under permalink 2, the slug under 1', async () => {
    serve({ answers: [answerInfo(A1)], permalink: 2 });
    const first = renderDetail(`/questions/${QID}`);
    await answerList();
    expect(within(answerOf(A1)).getByRole('link', { name: 'Link to this answer' })).toHaveAttribute(
      'href',
      `/questions/${QID}/${A1}`,
    );
    first.unmount();
    serve({ answers: [answerInfo(A1)], permalink: 1 });
    renderDetail(`/questions/${QID}`);
    await answerList();
    expect(within(answerOf(A1)).getByRole('link', { name: 'Link to this answer' })).toHaveAttribute(
      'href',
      `/questions/${QID}/how-do-i-read-a-file/${A1}`,
    );
  });

  it('/questions/{id}/{answer id} (permalink 2) keeps the address and focuses that answer', async () => {
    serve({ answers: [answerInfo(A1), answerInfo(A2)], permalink: 2 });
    renderDetail(`/questions/${QID}/${A2}`);
    await answerList();
    await waitFor(() => expect(answerOf(A2)).toHaveClass('qa-answer--highlighted'));
    expect(answerOf(A2)).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/questions/${QID}/${A2}$`));
  });

  it('/questions/{id}/{answer id} under permalink 1 moves to the slug form and keeps the answer', async () => {
    serve({ answers: [answerInfo(A1), answerInfo(A2)], permalink: 1 });
    renderDetail(`/questions/${QID}/${A2}?commentId=x`);
    await answerList();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/questions/${QID}/how-do-i-read-a-file/${A2}?commentId=x`,
      ),
    );
    await waitFor(() => expect(answerOf(A2)).toHaveClass('qa-answer--highlighted'));
  });

  it('a long answer id in the URL finds its answer listed under a short id (permalink 3/4), once', async () => {
    const http = serve(
      { answers: [answerInfo('E1D1'), answerInfo('E2D1')] },
      { [`GET ${V1}/answer/info`]: { info: answerInfo('E2D1'), question: questionInfo() } },
    );
    renderDetail(`/questions/${QID}/how-do-i-read-a-file/${A2}`);
    const list = await answerList();
    await waitFor(() => expect(answerOf('E2D1')).toHaveClass('qa-answer--highlighted'));
    expect(http.calls.find((c) => c.path === `${V1}/answer/info`)!.query.get('id')).toBe(A2);
    expect(items(list)).toHaveLength(2);
    expect(items(list)[0]).toContainElement(answerOf('E2D1'));
  });
});

describe('question detail: the answer form', () => {
  it('checks the length, posts the answer, shows it and clears the form', async () => {
    const posted = answerInfo('10020000000000003', { html: '<p>Use readline.</p>', user_info: BOB });
    const http = serve(
      { answers: [answerInfo(A1)] },
      { [`POST ${V1}/answer`]: { info: posted, question: questionInfo({ answer_count: 2 }) } },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await answerList();
    const editor = await findEditor('Your answer');
    const submit = screen.getByRole('button', { name: 'Post your answer' });
    await user.click(submit);
    expect(await screen.findByText('Answer cannot be empty.')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    await user.type(editor, 'Short');
    await user.click(submit);
    expect(await screen.findByText('An answer must be at least 6 characters.')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${V1}/answer`)).toHaveLength(0);

    await user.type(editor, ' but enough: use readline.');
    await user.click(submit);
    await waitFor(() => expect(answerOf('10020000000000003')).toBeInTheDocument());
    expect(http.bodiesOf('POST', `${V1}/answer`)).toEqual([
      { question_id: QID, content: 'Short but enough: use readline.' },
    ]);
    expect(within(answerOf('10020000000000003')).getByText('Use readline.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue(''));
  });

  it('warns before leaving while the form has text, and not once it is empty again', async () => {
    serve({ answers: [] });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const editor = await findEditor('Your answer');
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(editor, 'Half an answer');
    expect(leave()).toBe(true);
    await user.clear(editor);
    expect(leave()).toBe(false);
  });

  it('an in-app link with an unsaved answer asks first; Stay keeps the text, Leave goes', async () => {
    serve({ answers: [] });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const editor = await findEditor('Your answer');
    await user.type(editor, 'Half an answer');
    const asker = () => screen.getAllByRole('link', { name: 'Alice' })[0]!;
    await user.click(asker());
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave the page?' }, LAZY);
    expect(within(dialog).getByText('Your changes may not be saved.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/questions/${QID}`);
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Half an answer');
    await user.click(asker());
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to leave the page?' }, LAZY);
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users/alice'));
  });

  it('shows the server’s message for the content field', async () => {
    serve(
      { answers: [] },
      {
        [`POST ${V1}/answer`]: envelope(
          [{ error_field: 'content', error_msg: 'Content is too short.' }],
          400,
          'base.request_format_error',
          'Content is too short.',
        ),
      },
    );
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const editor = await findEditor('Your answer');
    fireEvent.change(editor, { target: { value: 'Long enough text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post your answer' }));
    expect(await screen.findByText('Content is too short.')).toBeInTheDocument();
  });
});

describe('question detail: the answer draft (3 s debounce, 7 days, one per question)', () => {
  const KEY = `agora.qa.draft.new-answer.${QID}`;
  const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as { value: string } | null;

  it('saves the text 3 s after the last change and restores it when the member comes back', async () => {
    serve({ answers: [] });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    const editor = await findEditor('Your answer');
    fireEvent.change(editor, { target: { value: 'Use fs.readFile' } });
    act(() => vi.advanceTimersByTime(2900));
    expect(stored()).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(stored()?.value).toBe('Use fs.readFile');
    // Another question's form starts empty: drafts are kept per question.
    expect(window.localStorage.getItem('agora.qa.draft.new-answer.10010000000000999')).toBeNull();
    first.unmount();
    vi.useRealTimers();

    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    expect(await findEditor('Your answer')).toHaveValue('Use fs.readFile');
    expect(await screen.findByText('Your draft has been restored.')).toBeInTheDocument();
  });

  it('discarding asks first, then empties the form and forgets the draft', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now(), value: 'An old attempt' }));
    serve({ answers: [] });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    expect(await findEditor('Your answer')).toHaveValue('An old attempt');
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard the draft?' }, LAZY);
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue(''));
    expect(stored()).toBeNull();
    expect(screen.queryByText('Your draft has been restored.')).not.toBeInTheDocument();
  });

  it('posting the answer forgets the draft', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now(), value: 'Use readline, it streams.' }));
    const posted = answerInfo('10020000000000003', { html: '<p>Use readline, it streams.</p>', user_info: BOB });
    serve({ answers: [] }, { [`POST ${V1}/answer`]: { info: posted, question: questionInfo({ answer_count: 1 }) } });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await findEditor('Your answer');
    await user.click(screen.getByRole('button', { name: 'Post your answer' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue(''));
    expect(stored()).toBeNull();
    expect(screen.queryByText('Your draft has been restored.')).not.toBeInTheDocument();
  });
});
