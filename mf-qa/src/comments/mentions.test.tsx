import { setAccessToken } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { insertMention, mentionAt, mentionedNames, mentionOptions } from '../common/mention';
import { COMMENT, COMMENT_PAGE, commentRow, currentUser, renderComments, USER_INFO, USER_SEARCH } from './test-utils';

afterEach(() => setAccessToken(null));

const person = (username: string, display_name = username) => ({
  id: username,
  username,
  display_name,
  avatar: '',
  rank: 1,
  website: '',
  location: '',
  language: 'en_US',
  status: 'normal',
  suspended_until: 0,
});

describe('mention helpers', () => {
  it("finds the '@' being typed, not an e-mail address", () => {
    expect(mentionAt('hi @al', 6)).toEqual({ start: 3, query: 'al' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@example', 15)).toBeNull();
    expect(mentionAt('hi @al and', 10)).toBeNull();
  });

  it('offers thread people first, then found ones, each once, never oneself, at most 5', () => {
    const thread = [
      { username: 'alex', display_name: 'Alex', avatar: '' },
      { username: 'zed', display_name: 'Albert Z', avatar: '' },
      { username: 'bob', display_name: 'Bob', avatar: '' },
    ];
    const found = ['alex', 'al', 'alma', 'alvin', 'aldo', 'alf'].map((u) => person(u));
    expect(mentionOptions('al', thread, found, 'al').map((p) => p.username)).toEqual([
      'alex',
      'zed',
      'alma',
      'alvin',
      'aldo',
    ]);
  });

  it('replaces the typed name with @username and lists what the text mentions', () => {
    expect(insertMention('hi @al there', { start: 3, query: 'al' }, 'alma')).toEqual({
      text: 'hi @alma there',
      caret: 9,
    });
    expect(mentionedNames('thanks @alma. and @bob!', ['alma', 'bob', 'carl'])).toEqual(['alma', 'bob']);
    expect(mentionedNames('mail alma@example.com', ['alma'])).toEqual([]);
  });
});

describe('mention list in the comment form', () => {
  it('lists up to 5 people, moves with the arrows and picks with Enter', async () => {
    const http = mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: {
        count: 1,
        list: [commentRow(1, { username: 'anna', user_display_name: 'Anna Thread' })],
      },
      [USER_SEARCH]: (call: RecordedCall) =>
        ['anna', 'andy', 'ann', 'anton', 'ansel', 'anya', 'me']
          .filter((u) => u.startsWith(call.query.get('username')!))
          .map((u) => person(u, u.toUpperCase())),
      [`POST ${COMMENT}`]: commentRow(2, { username: 'me' }),
    });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, 'Ask @an');

    const listbox = await screen.findByRole('listbox', { name: 'People to mention' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(5));
    const options = within(listbox).getAllByRole('option');
    // The thread's Anna first, then the server's matches.
    expect(options.map((o) => o.textContent)).toEqual([
      'AAnna Thread@anna',
      'AANDY@andy',
      'AANN@ann',
      'AANTON@anton',
      'AANSEL@ansel',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(http.calls.some((c) => c.path.endsWith('/user/info/search') && c.query.get('username') === 'an')).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Ask @andy ');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'please');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(http.bodiesOf('POST', COMMENT)).toHaveLength(1));
    expect(http.bodiesOf('POST', COMMENT)[0]).toMatchObject({
      original_text: 'Ask @andy please',
      mention_username_list: ['andy'],
    });
  });

  it('picks with Tab and closes with Escape', async () => {
    mockFetch({
      [USER_INFO]: currentUser(),
      [COMMENT_PAGE]: { count: 1, list: [commentRow(1, { username: 'anna', user_display_name: 'Anna' })] },
      [USER_SEARCH]: [],
    });
    const user = userEvent.setup();
    renderComments();
    await user.click(await screen.findByRole('button', { name: 'Add a comment' }));
    const box = screen.getByRole('combobox', { name: 'Your comment' });
    await user.type(box, '@');
    // Only '@': the people of the thread.
    expect(await screen.findByRole('option', { name: /anna/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await user.type(box, ' @a');
    await screen.findByRole('option', { name: /anna/ });
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('@ @anna ');
    expect(box).toHaveFocus();
  });
});
