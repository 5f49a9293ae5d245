import { loginModalOpenAtom } from '@agora/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { action, currentLocation, renderScreen, TAG_ROUTES, tagInfo, V1 } from '../test/render';
import TagInfoScreen from './tag-info-screen';
import { toast } from '../../test/toast-mock';

vi.mock('@agora/shared-ui/editor', () => import('../../detail/test/editor-mock'));
vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../../test/toast-mock')).withToastSpies(importOriginal),
);

const TAG = `GET ${V1}/tag`;
const SYNONYMS = `GET ${V1}/tag/synonyms`;
const REVISIONS = `GET ${V1}/revisions`;
const SUGGEST = `GET ${V1}/question/tags`;
const SAVE_SYNONYMS = `PUT ${V1}/tag/synonym`;
const DELETE = `DELETE ${V1}/tag`;
const RECOVER = `POST ${V1}/tag/recover`;
const MERGE = `POST ${V1}/tag/merge`;

const now = Math.floor(Date.now() / 1000);
const alice = { id: '1', username: 'alice', display_name: 'Alice', avatar: '', rank: 1, status: 'normal' };
const bob = { ...alice, id: '2', username: 'bob', display_name: 'Bob' };
const revision = (id: string, at: number, reason: string, user = alice) => ({
  id,
  use_id: user.id,
  object_id: '10030000000000001',
  title: '',
  url_title: '',
  content: {},
  status: 2,
  create_at: at,
  user_info: user,
  reason,
});
const synonym = (slug: string) => ({
  tag_id: `id-${slug}`,
  slug_name: slug,
  display_name: slug,
  main_tag_slug_name: 'react',
});

function serve(over: Record<string, unknown> = {}) {
  return mockFetch({
    [TAG]: tagInfo({
      parsed_text: '<p>React is a <strong>library</strong>.</p>',
      created_at: now - 2 * 3600,
      updated_at: now - 300,
    }),
    [SYNONYMS]: { synonyms: [synonym('reactjs')], member_actions: [] },
    [REVISIONS]: [revision('r1', now - 2 * 3600, 'First version'), revision('r2', now - 300, 'Better wiki', bob)],
    ...over,
  });
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
  getDefaultStore().set(loginModalOpenAtom, false);
});

describe('tag info', () => {
  it('shows the wiki as sanitized HTML, when it was created and edited, synonyms and the history', async () => {
    const http = serve();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    const wiki = await screen.findByTestId('post-content');
    expect(within(wiki).getByText('library').tagName).toBe('STRONG');
    expect(screen.getByText('Created')).toHaveTextContent('Created 2h ago');
    expect(screen.getByText('Edited')).toHaveTextContent('Edited 5m ago');
    expect(screen.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/tags/react');

    const synonyms = await screen.findByRole('list', { name: 'Synonyms' });
    expect(within(synonyms).getByRole('link', { name: 'reactjs' })).toHaveAttribute('href', '/tags/reactjs');
    expect(screen.queryByRole('button', { name: 'Edit synonyms' })).not.toBeInTheDocument();

    const history = await screen.findByRole('region', { name: 'History' });
    const rows = within(history).getAllByRole('listitem');
    // Newest first, whatever order the server sent.
    expect(rows[0]).toHaveTextContent('Bob 5m agoBetter wiki');
    expect(rows[1]).toHaveTextContent('Alice 2h agoFirst version');
    expect(within(rows[0]!).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/users/bob');
    const revisions = http.calls.find((c) => c.path === `${V1}/revisions`)!;
    expect(revisions.query.get('object_id')).toBe('10030000000000001');
    expect(within(history).getByRole('link', { name: 'Full timeline' })).toHaveAttribute(
      'href',
      '/tags/10030000000000001/timeline',
    );
    await waitFor(() => expect(document.title).toBe('React info - Agora'));
  });

  it('a visitor sees a login prompt instead of the history (GET revisions needs a login)', async () => {
    const http = serve();
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES, user: null });
    await user.click(await screen.findByRole('button', { name: 'Log in to see the history of this tag' }));
    expect(getDefaultStore().get(loginModalOpenAtom)).toBe(true);
    expect(http.calls.some((c) => c.path === `${V1}/revisions`)).toBe(false);
    expect(screen.queryByRole('link', { name: 'Full timeline' })).not.toBeInTheDocument();
  });

  it('no wiki, no synonyms: says so', async () => {
    serve({
      [TAG]: tagInfo({ parsed_text: '', original_text: '' }),
      [SYNONYMS]: { synonyms: [], member_actions: [] },
      [REVISIONS]: [],
    });
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    expect(await screen.findByText('This tag has no description yet.')).toBeInTheDocument();
    expect(await screen.findByText('React has no synonyms.')).toBeInTheDocument();
    expect(await screen.findByText('No revisions yet.')).toBeInTheDocument();
  });

  it('edits the synonyms: add by slug or suggestion, remove, save the whole set', async () => {
    let saved: RecordedCall['body'];
    const http = serve({
      [SYNONYMS]: () =>
        saved
          ? { synonyms: [synonym('react-js'), synonym('reactjs-x')], member_actions: [action('edit')] }
          : { synonyms: [synonym('reactjs')], member_actions: [action('edit')] },
      [SUGGEST]: (call: RecordedCall) =>
        call.query.get('tag') === 'react'
          ? [
              { tag_id: 'id-react', slug_name: 'react', display_name: 'React' },
              { tag_id: 'id-react-js', slug_name: 'react-js', display_name: 'react-js' },
            ]
          : [],
      [SAVE_SYNONYMS]: (call: RecordedCall) => {
        saved = call.body;
        return null;
      },
    });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    await user.click(await screen.findByRole('button', { name: 'Edit synonyms' }));
    const input = screen.getByLabelText('Add a synonym (tag slug)');

    // An invalid slug is refused with the slug rule, focus stays in the box.
    await user.type(input, 'Bad Slug!{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only a-z, 0-9 and + # - . are allowed in a slug, and it cannot be just . or ..',
    );
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    // Suggestions: the tag itself is not offered.
    await user.clear(input);
    await user.type(input, 'react');
    const suggestions = await screen.findByRole('list', { name: 'Suggested tags' });
    expect(within(suggestions).queryByRole('button', { name: 'react' })).not.toBeInTheDocument();
    await user.click(within(suggestions).getByRole('button', { name: 'react-js' }));

    await user.type(input, 'ReactJS-X{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove reactjs' }));
    const chosen = screen.getByRole('list', { name: 'Synonyms to keep' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['react-js×', 'reactjs-x×']);

    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Synonyms saved.'));
    expect(http.bodiesOf('PUT', `${V1}/tag/synonym`)).toEqual([
      { tag_id: '10030000000000001', synonym_tag_list: [{ slug_name: 'react-js' }, { slug_name: 'reactjs-x' }] },
    ]);
    const list = await screen.findByRole('list', { name: 'Synonyms' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['react-js', 'reactjs-x']);
  });

  it("shows the server's refusal of a synonym set", async () => {
    serve({
      [SYNONYMS]: { synonyms: [], member_actions: [action('edit')] },
      [SAVE_SYNONYMS]: envelope(
        [{ error_field: 'synonym_tag_list', error_msg: 'java is already a synonym of another tag.' }],
        400,
        'error.tag.synonym_has_synonyms',
        'Invalid request.',
      ),
    });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    await user.click(await screen.findByRole('button', { name: 'Edit synonyms' }));
    await user.type(screen.getByLabelText('Add a synonym (tag slug)'), 'java{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('java is already a synonym of another tag.');
    expect(screen.getByLabelText('Add a synonym (tag slug)')).toHaveFocus();
  });

  it("delete asks first; the server's 'in use' refusal is shown as a toast", async () => {
    const http = serve({
      [TAG]: tagInfo({ member_actions: [action('edit'), action('delete')] }),
      [DELETE]: envelope(
        null,
        400,
        'error.tag.is_used_cannot_delete',
        'A tag with posts or synonyms cannot be deleted.',
      ),
    });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    expect(screen.queryByRole('button', { name: 'Undelete' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this tag?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.danger).toHaveBeenCalledWith('A tag with posts or synonyms cannot be deleted.'));
    expect(http.bodiesOf('DELETE', `${V1}/tag`)).toEqual([{ tag_id: '10030000000000001' }]);
  });

  it('a deleted tag says so and may be undeleted (POST tag/recover)', async () => {
    let recovered = false;
    const http = serve({
      [TAG]: () =>
        recovered
          ? tagInfo({ member_actions: [action('delete')] })
          : tagInfo({ status: 'deleted', member_actions: [action('undelete')] }),
      [RECOVER]: () => {
        recovered = true;
        return null;
      },
    });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    expect(await screen.findByText('This tag has been deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undelete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The tag was undeleted.'));
    expect(http.bodiesOf('POST', `${V1}/tag/recover`)).toEqual([{ tag_id: '10030000000000001' }]);
    await waitFor(() => expect(screen.queryByText('This tag has been deleted.')).not.toBeInTheDocument());
  });
  it('moderators merge the tag into another one picked from the suggestions; members are not offered it', async () => {
    const suggest = (call: RecordedCall) =>
      call.query.get('tag') === 'vue'
        ? [
            { tag_id: '10030000000000001', slug_name: 'react', display_name: 'React' },
            { tag_id: '10030000000000002', slug_name: 'vue', display_name: 'Vue' },
          ]
        : [];
    serve({ [SUGGEST]: suggest });
    const member = renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES });
    expect(await screen.findByRole('heading', { level: 1, name: 'React' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge into another tag' })).not.toBeInTheDocument();
    member.unmount();

    const http = serve({ [SUGGEST]: suggest, [MERGE]: null });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES, user: { role_id: 3 } });
    await user.click(await screen.findByRole('button', { name: 'Merge into another tag' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Merge React into another tag');
    const merge = within(dialog).getByRole('button', { name: 'Merge' });
    expect(merge).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Target tag'), 'vue');
    const offered = await within(dialog).findByRole('list', { name: 'Tags to merge into' });
    // The tag itself is not offered.
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['vue']);
    await user.click(within(offered).getByRole('button', { name: 'vue' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Every question and follower of react moves to vue; react and its synonyms become synonyms of vue.',
    );
    await user.click(merge);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('react was merged into vue.'));
    expect(http.bodiesOf('POST', `${V1}/tag/merge`)).toEqual([
      { source_tag_id: '10030000000000001', target_tag_id: '10030000000000002' },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/tags/vue/info'));
  });

  it("shows the server's refusal of a merge in the dialog", async () => {
    serve({
      [SUGGEST]: [{ tag_id: '10030000000000002', slug_name: 'vue', display_name: 'Vue' }],
      [MERGE]: envelope(
        [{ error_field: 'target_tag_id', error_msg: 'This tag is a synonym: merge its main tag instead.' }],
        400,
        'error.tag.merge_not_main',
        'Invalid request.',
      ),
    });
    const user = userEvent.setup();
    renderScreen(TagInfoScreen, { url: '/tags/react/info', routes: TAG_ROUTES, user: { role_id: 2 } });
    await user.click(await screen.findByRole('button', { name: 'Merge into another tag' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Target tag'), 'v');
    await user.click(await within(dialog).findByRole('button', { name: 'vue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This tag is a synonym: merge its main tag instead.',
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/tags/react/info');
  });
});
