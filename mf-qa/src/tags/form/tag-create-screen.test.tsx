import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { currentLocation, renderScreen, V1 } from '../test/render';
import TagCreateScreen from './tag-create-screen';

vi.mock('@agora/shared-ui/editor', () => import('../../ask/test/editor-mock'));

const PERMISSION = `GET ${V1}/permission`;
const CREATE = `POST ${V1}/tag`;
const allowed = { 'tag.add': { has_permission: true, no_permission_tip: '' } };

function open(routes: Record<string, unknown> = {}) {
  const http = mockFetch({ [PERMISSION]: allowed, [CREATE]: { slug_name: 'vue.js' }, ...routes });
  renderScreen(TagCreateScreen, { url: '/tags/create', routes: ['/tags/create'] });
  return http;
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('create tag (/tags/create)', () => {
  it('asks GET permission?action=tag.add; without it, the server tip shows instead of the form', async () => {
    const http = open({
      [PERMISSION]: {
        'tag.add': { has_permission: false, no_permission_tip: 'You need at least 10000 reputation to create tags.' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot create tags');
    expect(alert).toHaveTextContent('You need at least 10000 reputation to create tags.');
    expect(screen.queryByLabelText('Display name')).not.toBeInTheDocument();
    expect(http.calls.find((c) => c.path === `${V1}/permission`)!.query.get('action')).toBe('tag.add');
  });

  it('creates the tag (the slug follows the display name until typed) and opens its page', async () => {
    const http = open();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create tag' })).toBeInTheDocument();
    await fill(user, await screen.findByLabelText('Display name'), 'Vue JS');
    expect(screen.getByLabelText('URL slug')).toHaveValue('vue-js');
    // Both counters: display name and slug are 6 characters.
    expect(screen.getAllByText('6/35')).toHaveLength(2);
    await fill(user, screen.getByLabelText('URL slug'), 'vue.js');
    await fill(user, screen.getByLabelText('Description'), 'The progressive framework.');
    // The display name no longer changes a slug typed in by hand.
    await fill(user, screen.getByLabelText('Display name'), 'Vue.js');
    expect(screen.getByLabelText('URL slug')).toHaveValue('vue.js');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    await waitFor(() => expect(currentLocation()).toBe('/tags/vue.js'));
    expect(http.bodiesOf('POST', `${V1}/tag`)).toEqual([
      { display_name: 'Vue.js', slug_name: 'vue.js', original_text: 'The progressive framework.' },
    ]);
    expect(document.title).toBe('Create tag - Agora');
  });

  it('checks the tag rules before sending and focuses the first error', async () => {
    const http = open();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('Display name cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('URL slug cannot be empty.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());

    await fill(user, name, 'x'.repeat(36));
    await fill(user, screen.getByLabelText('URL slug'), 'C Sharp!');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('At most 35 characters.')).toBeInTheDocument();
    expect(
      screen.getByText('Only a-z, 0-9 and + # - . are allowed in a slug, and it cannot be just . or ..'),
    ).toBeInTheDocument();

    await fill(user, screen.getByLabelText('URL slug'), 'c#');
    await fill(user, name, 'C#');
    await waitFor(() => expect(screen.queryByText(/allowed in a slug/)).not.toBeInTheDocument());
    expect(http.bodiesOf('POST', `${V1}/tag`)).toEqual([]);
  });

  it("puts the server's field errors on their fields", async () => {
    open({
      [CREATE]: envelope(
        [{ error_field: 'slug_name', error_msg: 'This tag already exists.' }],
        400,
        'error.tag.already_exist',
        'This tag already exists.',
      ),
    });
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText('Display name'), 'React');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('This tag already exists.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('URL slug')).toHaveFocus());
    expect(currentLocation()).toBe('/tags/create');
  });

  it('asks before leaving with unsaved changes', async () => {
    open();
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText('Display name'), 'Svelte');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Are you sure you want to leave the page?')).toBeInTheDocument();
    expect(currentLocation()).toBe('/tags/create');
  });
});
