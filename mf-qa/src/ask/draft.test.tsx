import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@agora/shared-api/testing';
import AskScreen from './ask-screen';
import { DRAFT_MAX_AGE_MS, draftKeys } from '../common/draft';
import { emptyQuestion } from './question-form';
import { questionInfo } from './test/posts';
import { currentLocation, renderScreen } from '../test/render';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

const API = '/answer/api/v1';
const ASK_KEY = 'agora.qa.draft.ask';
const HOUR = 60 * 60 * 1000;

function serve() {
  return mockFetch({
    [`GET ${API}/question/tags`]: [],
    [`GET ${API}/permission`]: { 'tag.add': { has_permission: true, no_permission_tip: '' } },
    [`GET ${API}/question/similar`]: [],
    [`POST ${API}/question`]: questionInfo({ id: '42' }),
  });
}

const open = () => renderScreen(AskScreen, { url: '/questions/ask', routes: ['/questions/ask'] });
const stored = (key = ASK_KEY) => {
  const raw = window.localStorage.getItem(key);
  return raw ? (JSON.parse(raw) as { savedAt: number; value: Record<string, unknown> }) : null;
};
const store = (key: string, savedAt: number, value: object) =>
  window.localStorage.setItem(key, JSON.stringify({ savedAt, value }));

const savedDraft = {
  ...emptyQuestion([{ slug_name: 'node', display_name: 'Node.js' }]),
  title: 'A title I saved',
  content: 'A body I saved earlier.',
};

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ask drafts (3 s debounce, 7 days)', () => {
  it('saves the form 3 s after the last change, not before', async () => {
    serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'First words' } });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.change(title, { target: { value: 'First words and more' } });
    act(() => vi.advanceTimersByTime(2900));
    expect(stored()).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(stored()?.value).toMatchObject({ title: 'First words and more', content: '', tags: [] });
    expect(Date.now() - stored()!.savedAt).toBeLessThan(1000);

    // Emptied again: nothing worth keeping, the draft goes.
    fireEvent.change(title, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(3000));
    expect(stored()).toBeNull();
  });

  it('restores a draft with a notice; discarding asks first, then empties the form and forgets the draft', async () => {
    serve();
    store(ASK_KEY, Date.now() - HOUR, savedDraft);
    const user = userEvent.setup();
    open();
    expect(await screen.findByLabelText('Title')).toHaveValue('A title I saved');
    expect(await screen.findByLabelText('Body')).toHaveValue('A body I saved earlier.');
    expect(screen.getByRole('list', { name: 'Chosen tags' })).toHaveTextContent('Node.js');
    const notice = screen.getByText('Your draft has been restored.').parentElement!;
    expect(notice).toHaveAttribute('role', 'status');

    await user.click(within(notice).getByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('A title I saved');
    expect(stored()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    const again = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.getByLabelText('Body')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Chosen tags' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your draft has been restored.')).not.toBeInTheDocument();
    expect(stored()).toBeNull();
    // Nothing unsaved any more: leaving does not ask.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(currentLocation()).toBe('/elsewhere'));
  });

  it('drops drafts older than 7 days when a form opens (this one and any other)', async () => {
    serve();
    store(ASK_KEY, Date.now() - DRAFT_MAX_AGE_MS - HOUR, savedDraft);
    store(draftKeys.question('9'), Date.now() - DRAFT_MAX_AGE_MS - HOUR, savedDraft);
    store(draftKeys.answer('8'), Date.now() - 6 * 24 * HOUR, { content: 'still fresh' });
    open();
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(screen.queryByText('Your draft has been restored.')).not.toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(stored(draftKeys.question('9'))).toBeNull();
    expect(stored(draftKeys.answer('8'))).not.toBeNull();
  });

  it('a successful submit forgets the draft', async () => {
    const http = serve();
    store(ASK_KEY, Date.now() - HOUR, savedDraft);
    const user = userEvent.setup();
    open();
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Post your question' }));
    await waitFor(() => expect(currentLocation()).toBe('/questions/42'));
    expect(http.bodiesOf('POST', `${API}/question`)[0]).toMatchObject({ title: 'A title I saved' });
    expect(stored()).toBeNull();
  });
});
