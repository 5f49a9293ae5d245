import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '@agora/shared-api/testing';
import { A1, ALICE, answerInfo, BOB, currentUser, person, QID, questionInfo } from '../test/fixtures';
import { renderDetail } from '../test/render';
import { serve, V1 } from '../test/serve';
import { PEOPLE_SEARCH_DEBOUNCE_MS } from '../side/invite';
import { toast } from '../../test/toast-mock';

vi.mock('@agora/shared-ui/editor', () => import('../test/editor-mock'));
vi.mock('../../comments', () => import('../test/comments-mock'));
vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../../test/toast-mock')).withToastSpies(importOriginal),
);

const heading = () => screen.findByRole('heading', { level: 1, name: 'How do I read a file?' });
/** userEvent.setup() puts its own clipboard in place: what the page copied is read from it. */
const copied = () => navigator.clipboard.readText();

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openShare(user: ReturnType<typeof userEvent.setup>, index = 0) {
  const button = (await screen.findAllByRole('button', { name: 'Share this post' }))[index]!;
  await user.click(button);
  return screen.findByRole('menu');
}

describe('question detail: share', () => {
  it('copy link: the question address with ?shareUserId={username} when logged in, and the Copied hint', async () => {
    serve({ permalink: 1 });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}/how-do-i-read-a-file`, { user: currentUser(BOB) });
    await heading();
    const menu = await openShare(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(toast.copied).toHaveBeenCalled());
    expect(await copied()).toBe(`${window.location.origin}/questions/${QID}/how-do-i-read-a-file?shareUserId=bob`);
    expect(toast.copied).toHaveBeenCalledTimes(1);
  });

  it('a visitor’s link has no shareUserId; an answer’s link is the answer address', async () => {
    serve({ answers: [answerInfo(A1)] });
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Share this post' })).toHaveLength(2));
    const menu = await openShare(user, 1);
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(toast.copied).toHaveBeenCalled());
    // Permalink 2: no slug, the answer id right after the question's.
    expect(await copied()).toBe(`${window.location.origin}/questions/${QID}/${A1}`);
  });

  it('social targets open a 550x400 window on the network’s share address', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    serve();
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await heading();
    const menu = await openShare(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([
      'Copy link',
      'Share on X (Twitter)',
      'Share on Facebook',
      'Share on LinkedIn',
      'Share on Reddit',
      'Share on Weibo',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Share on Reddit' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] as unknown as [string, string, string];
    const link = `${window.location.origin}/questions/${QID}?shareUserId=bob`;
    expect(url).toBe(
      `https://www.reddit.com/submit?url=${encodeURIComponent(link)}&title=${encodeURIComponent('How do I read a file?')}`,
    );
    expect(target).toBe('_blank');
    expect(features).toContain('width=550');
    expect(features).toContain('height=400');
  });

  it('opens from the keyboard with the focus in the menu; Escape closes it and returns the focus', async () => {
    serve();
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`);
    await heading();
    const share = screen.getAllByRole('button', { name: 'Share this post' })[0]!;
    share.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    // The first press loads the menu, whose own button takes the place of the first one.
    const shareNow = () => screen.getAllByRole('button', { name: 'Share this post' })[0]!;
    await waitFor(() => expect(shareNow()).toHaveFocus());
    expect(shareNow()).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the native share sheet where the browser has one', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      serve();
      const user = userEvent.setup();
      renderDetail(`/questions/${QID}`);
      await heading();
      const menu = await openShare(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Share via…' }));
      expect(share).toHaveBeenCalledWith({
        title: 'How do I read a file?',
        url: `${window.location.origin}/questions/${QID}`,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});

describe('question detail: invite to answer', () => {
  const INVITE = { action: 'invite_other_to_answer', name: 'Invite', type: 'edit' };

  it('is absent unless the server offers it', async () => {
    serve();
    renderDetail(`/questions/${QID}`, { user: currentUser(BOB) });
    await heading();
    expect(screen.queryByRole('heading', { name: 'Invite people to answer' })).not.toBeInTheDocument();
  });

  it('lists invited people, searches people (debounced, 5 at most) and PUTs the new set', async () => {
    let invited = [person('carol')];
    const found = ['dave', 'dora', 'dan', 'diana', 'dmitri', 'dolores'].map((n) => person(n));
    const http = serve(
      { question: questionInfo({ extends_actions: [INVITE] }) },
      {
        [`GET ${V1}/question/invite`]: () => invited,
        [`GET ${V1}/user/info/search`]: () => found,
        [`PUT ${V1}/question/invite`]: (call: RecordedCall) => {
          invited = (call.body as { invite_user: string[] }).invite_user.map((n) => person(n));
          return null;
        },
      },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const section = (await screen.findByRole('heading', { name: 'Invite people to answer' })).closest('section')!;
    const list = await within(section).findByRole('list', { name: 'Invited' });
    expect(within(list).getByRole('link', { name: 'Carol' })).toHaveAttribute('href', '/users/carol');

    await user.click(within(section).getByRole('button', { name: 'Invite' }));
    const box = await screen.findByRole('dialog');
    await user.click(within(box).getByRole('button', { name: 'Send invitations' }));
    expect(await within(box).findByText('Choose at least one person.')).toBeInTheDocument();

    await user.type(within(box).getByRole('textbox', { name: 'Search people' }), 'd');
    const suggestions = await within(box).findByRole('list', { name: 'People found' }, { timeout: 3000 });
    const searches = http.calls.filter((c) => c.path === `${V1}/user/info/search`);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query.get('username')).toBe('d');
    expect(within(suggestions).getAllByRole('button')).toHaveLength(5);
    expect(PEOPLE_SEARCH_DEBOUNCE_MS).toBeGreaterThan(0);

    await user.click(within(suggestions).getByRole('button', { name: /Dora/ }));
    const chosen = within(box).getByRole('list', { name: 'To invite' });
    expect(within(chosen).getByText('Dora')).toBeInTheDocument();
    // Someone chosen is no longer suggested.
    expect(within(suggestions).queryByRole('button', { name: /Dora/ })).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() =>
      expect(http.bodiesOf('PUT', `${V1}/question/invite`)).toEqual([{ id: QID, invite_user: ['carol', 'dora'] }]),
    );
    expect(toast.success).toHaveBeenCalledWith('Invitations sent.');
    expect(await within(section).findByRole('link', { name: 'Dora' })).toBeInTheDocument();
  });

  it('typing quickly asks the server once, for the last text', async () => {
    const http = serve(
      { question: questionInfo({ extends_actions: [INVITE] }) },
      { [`GET ${V1}/question/invite`]: [], [`GET ${V1}/user/info/search`]: [] },
    );
    const user = userEvent.setup();
    renderDetail(`/questions/${QID}`, { user: currentUser(ALICE) });
    const section = (await screen.findByRole('heading', { name: 'Invite people to answer' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Invite' }));
    const box = await screen.findByRole('dialog');
    await user.type(within(box).getByRole('textbox', { name: 'Search people' }), 'carl');
    expect(await within(box).findByText('Nobody matches.', undefined, { timeout: 3000 })).toBeInTheDocument();
    const searches = http.calls.filter((c) => c.path === `${V1}/user/info/search`);
    expect(searches.map((c) => c.query.get('username'))).toEqual(['carl']);
  });
});

describe('question detail: related questions', () => {
  it('lists related questions with answer counts and permalink-built links', async () => {
    serve(
      { permalink: 1 },
      {
        [`GET ${V1}/question/similar/tag`]: {
          count: 2,
          list: [
            {
              ...questionInfo(),
              id: '10010000000000002',
              title: 'Read a file in Go',
              url_title: 'read-go',
              answer_count: 1,
              accepted_answer_id: '10020000000000009',
            },
            {
              ...questionInfo(),
              id: '10010000000000003',
              title: 'Stream a big file',
              url_title: 'stream',
              answer_count: 0,
            },
          ],
        },
      },
    );
    renderDetail(`/questions/${QID}/how-do-i-read-a-file`);
    const card = (await screen.findByRole('heading', { name: 'Related questions' })).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Read a file in Go' })).toHaveAttribute(
      'href',
      '/questions/10010000000000002/read-go',
    );
    expect(within(card).getByText(/1 answer/)).toHaveTextContent('1 answer (an answer is accepted)');
    expect(within(card).getByText('0 answers')).toBeInTheDocument();
  });
});
