import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { currentLocation, renderScreen, tagInfo, V1 } from '../test/render';
import TagEditScreen from './tag-edit-screen';
import { toast } from '../../test/toast-mock';

vi.mock('@agora/shared-ui/editor', () => import('../../ask/test/editor-mock'));
vi.mock('@agora/shared-ui', async (importOriginal) =>
  (await import('../../test/toast-mock')).withToastSpies(importOriginal),
);

const ID = '10030000000000001';
const CHECK = `GET ${V1}/revisions/edit/check`;
const TAG = `GET ${V1}/tag`;
const UPDATE = `PUT ${V1}/tag`;

function open(routes: Record<string, unknown> = {}, role = 1) {
  const http = mockFetch({
    [CHECK]: null,
    [TAG]: tagInfo({ original_text: 'A library for building user interfaces.' }),
    [UPDATE]: { wait_for_review: false },
    ...routes,
  });
  const view = renderScreen(TagEditScreen, {
    url: `/tags/${ID}/edit`,
    routes: ['/tags/:tagId/edit'],
    user: { role_id: role },
  });
  return { http, ...view };
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockClear();
});

describe('edit tag (/tags/{id}/edit)', () => {
  it('checks first, loads the tag by id; a member cannot change the slug; saving opens the info page', async () => {
    const { http } = open();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit tag' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('React');
    expect(screen.getByLabelText('URL slug')).toHaveAttribute('readonly');
    expect(screen.getByText("Only administrators and moderators can change a tag's slug.")).toBeInTheDocument();
    expect(await screen.findByLabelText('Description')).toHaveValue('A library for building user interfaces.');
    expect(http.calls.find((c) => c.path === `${V1}/revisions/edit/check`)!.query.get('id')).toBe(ID);
    expect(http.calls.find((c) => c.path === `${V1}/tag`)!.query.get('id')).toBe(ID);

    await fill(user, name, 'React.js');
    await fill(user, screen.getByLabelText('Edit summary'), 'Official name');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(currentLocation()).toBe('/tags/react/info'));
    expect(http.bodiesOf('PUT', `${V1}/tag`)).toEqual([
      {
        tag_id: ID,
        display_name: 'React.js',
        slug_name: 'react',
        original_text: 'A library for building user interfaces.',
        edit_summary: 'Official name',
      },
    ]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("a moderator changes the slug; the new slug's info page opens", async () => {
    const { http } = open({}, 3);
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('URL slug');
    expect(slug).not.toHaveAttribute('readonly');
    await fill(user, slug, 'reactjs');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(currentLocation()).toBe('/tags/reactjs/info'));
    expect(http.bodiesOf('PUT', `${V1}/tag`)).toMatchObject([{ slug_name: 'reactjs' }]);
  });

  it("wait_for_review: 'Your revision will show after review' and back to the info page", async () => {
    open({ [UPDATE]: { wait_for_review: true } });
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText('Description'), 'Better words.');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(currentLocation()).toBe('/tags/react/info'));
    expect(toast.success).toHaveBeenCalledWith('Your revision will show after review.');
  });

  it('an edit already under review: the server toast (shell) and back to the info page, no form', async () => {
    const { shellErrors } = open({
      [CHECK]: () =>
        envelope({ err_type: 'toast' }, 400, 'error.revision.review_underway', 'The tag has a revision under review.'),
    });
    await waitFor(() => expect(currentLocation()).toBe('/tags/react/info'));
    expect(shellErrors).toEqual([expect.objectContaining({ status: 400, errType: 'toast' })]);
    expect(screen.queryByLabelText('Display name')).not.toBeInTheDocument();
  });

  it('a tag the site does not have is the 404 page', async () => {
    const { shellErrors } = open({ [TAG]: envelope(null, 404, 'tag.not_found', 'Tag not found.') });
    await waitFor(() => expect(shellErrors).toEqual([expect.objectContaining({ status: 404 })]));
  });

  it('validates the display name before sending', async () => {
    const { http } = open();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Display name cannot be empty.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${V1}/tag`)).toEqual([]);
  });
});
