import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { FollowingTagsSide } from './following-tags-side';
import { followed, MEMBER, renderWithSession } from '../test/session';

const FOLLOWING = 'GET /answer/api/v1/tags/following';
const SUGGEST = 'GET /answer/api/v1/question/tags';
const SAVE = 'PUT /answer/api/v1/follow/tags';

const CATALOG = [followed('react', 'React'), followed('typescript', 'TypeScript'), followed('tailwind', 'Tailwind')];
const bySlug = (slugs: string[]) => CATALOG.filter((tag) => slugs.includes(tag.slug_name));

/** A server that keeps the followed set: PUT follow/tags replaces it, GET tags/following reads it. */
function server(initial: string[], save: (call: RecordedCall) => unknown = () => null) {
  let slugs = initial;
  const http = mockFetch({
    [FOLLOWING]: () => bySlug(slugs),
    [SUGGEST]: (call: RecordedCall) => CATALOG.filter((tag) => tag.slug_name.startsWith(call.query.get('tag')!)),
    [SAVE]: (call: RecordedCall) => {
      const answer = save(call);
      if (answer instanceof Response) return answer;
      slugs = (call.body as { slug_name_list: string[] }).slug_name_list;
      return null;
    },
  });
  return { ...http, count: (key: string) => http.calls.filter((c) => `${c.method} ${c.path}` === key).length };
}

const card = () => screen.getByRole('region', { name: 'Following tags' });

describe('FollowingTagsSide', () => {
  it("shows the member's followed tags as links to their pages", async () => {
    server(['react', 'typescript']);
    renderWithSession(<FollowingTagsSide />);
    await screen.findByRole('link', { name: 'React' });
    const links = within(card()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['React', '/tags/react'],
      ['TypeScript', '/tags/typescript'],
    ]);
  });

  it('adds a suggested tag and saves the whole slug list, then shows the saved set', async () => {
    const http = server(['react']);
    const user = userEvent.setup();
    renderWithSession(<FollowingTagsSide />);
    await screen.findByRole('link', { name: 'React' });
    await user.click(screen.getByRole('button', { name: 'Edit followed tags' }));
    await user.type(screen.getByRole('combobox'), 'ta');
    await screen.findByRole('option', { name: 'Tailwind' });
    expect(http.calls.find((c) => c.path.endsWith('/question/tags'))!.query.get('tag')).toBe('ta');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', '/answer/api/v1/follow/tags')).toEqual([{ slug_name_list: ['react', 'tailwind'] }]);
    // The list was read again after saving: the card shows the server's set.
    expect(http.count(FOLLOWING)).toBe(2);
    expect(
      within(card())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['React', 'Tailwind']);
  });

  it('keeps the editor with an error when the server refuses', async () => {
    server(['react'], () => envelope(null, 500, 'base.unknown', 'Unknown error.'));
    const user = userEvent.setup();
    renderWithSession(<FollowingTagsSide />);
    await screen.findByRole('link', { name: 'React' });
    await user.click(screen.getByRole('button', { name: 'Edit followed tags' }));
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your followed tags could not be saved.');
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });

  it('says when the followed tags cannot be loaded', async () => {
    mockFetch({ [FOLLOWING]: envelope(null, 500, 'base.unknown', 'Unknown error.') });
    renderWithSession(<FollowingTagsSide />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your followed tags could not be loaded.');
    expect(card()).toContainElement(screen.getByRole('alert'));
  });

  it('shows an empty state with a hint when nothing is followed', async () => {
    server([]);
    renderWithSession(<FollowingTagsSide />);
    expect(await screen.findByText('You are not following any tags yet.')).toBeInTheDocument();
    expect(card()).toHaveTextContent('choose Edit to add some');
  });

  it('renders nothing and asks nothing for visitors and for accounts not activated', async () => {
    const http = server(['react']);
    const { unmount } = renderWithSession(<FollowingTagsSide />, { user: null });
    const inactive = renderWithSession(<FollowingTagsSide />, { user: { ...MEMBER, mail_status: 2 } });
    // Give a wrongly started request time to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(http.count(FOLLOWING)).toBe(0);
    unmount();
    inactive.unmount();
  });
});
