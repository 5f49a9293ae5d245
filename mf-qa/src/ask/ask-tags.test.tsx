import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tagBrief } from '../test/render';
import {
  API,
  addTag,
  bodyInput,
  chips,
  fill,
  open,
  serve,
  submit,
  tagInput,
  titleInput,
  setUpAskTests,
} from './test/ask-form';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

setUpAskTests();

describe('ask: tags', () => {
  it('strips semicolons from the search text and shows at most 5 suggestions', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    await titleInput();
    await user.type(tagInput(), 'r;e;');
    expect(tagInput()).toHaveValue('re');
    const list = await screen.findByRole('listbox', { name: 'Tag suggestions' });
    // Five of the seven matches, then the offer to create the typed tag.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['React', 'Redux', 'Remix', 'Relay', 'Recoil', 'Create the new tag “re”']),
    );
    const searched = http.calls.filter((c) => c.path === `${API}/question/tags`).map((c) => c.query.get('tag'));
    expect(searched).toContain('re');
    expect(searched.every((text) => !text?.includes(';'))).toBe(true);
    expect(within(list).getByRole('option', { name: 'React' })).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: 'Restify' })).not.toBeInTheDocument();
  });

  it('does not add a tag twice (any letter case) but highlights the chip already there for 2 s', async () => {
    serve();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await titleInput();
    await addTag(user, 'react', 'React');
    expect(chips()).toEqual(['React']);
    await addTag(user, 'REACT');
    expect(chips()).toEqual(['React']);
    const chip = screen.getByText('React').closest('li')!;
    expect(chip).toHaveClass('qa-tag-chip--flash');
    expect(tagInput()).toHaveValue('');
    act(() => vi.advanceTimersByTime(1900));
    expect(chip).toHaveClass('qa-tag-chip--flash');
    act(() => vi.advanceTimersByTime(200));
    expect(chip).not.toHaveClass('qa-tag-chip--flash');
  });

  it('works from the keyboard: arrows choose a suggestion, Enter adds it, Backspace in the empty field removes the last', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await titleInput();
    await user.click(tagInput());
    await user.paste('re');
    await screen.findByRole('option', { name: 'Recoil' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Redux' })).toHaveAttribute('aria-selected', 'true');
    expect(tagInput()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Redux' }).id);
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Redux']);
    expect(tagInput()).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual([]);
  });

  it('takes at most 5 tags', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await titleInput();
    for (const [slug, name] of [
      ['react', 'React'],
      ['redux', 'Redux'],
      ['remix', 'Remix'],
      ['relay', 'Relay'],
      ['recoil', 'Recoil'],
    ] as const)
      await addTag(user, slug, name);
    expect(chips()).toEqual(['React', 'Redux', 'Remix', 'Relay', 'Recoil']);
    expect(tagInput()).toBeDisabled();
    expect(tagInput()).toHaveAttribute('placeholder', 'At most 5 tags');
    await user.click(screen.getByRole('button', { name: 'Remove tag Relay' }));
    expect(chips()).toEqual(['React', 'Redux', 'Remix', 'Recoil']);
    expect(tagInput()).toBeEnabled();
  });

  it('creates a new tag only with permission tag.add; without it the server tip shows as an error', async () => {
    const tip = 'You need at least 750 reputation to create a tag.';
    const http = serve({ [`GET ${API}/permission`]: { 'tag.add': { has_permission: false, no_permission_tip: tip } } });
    const user = userEvent.setup();
    open();
    await titleInput();
    await user.type(tagInput(), 'brand new');
    await user.click(await screen.findByRole('option', { name: 'Create the new tag “brand new”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tip);
    expect(chips()).toEqual([]);
    expect(http.calls.find((c) => c.path === `${API}/permission`)?.query.get('action')).toBe('tag.add');
  });

  it('with permission a new tag is added and sent with its display name', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    await fill(user, await titleInput(), 'How do I test a form?');
    await fill(user, await bodyInput(), 'Some body text here.');
    await user.type(tagInput(), 'Brand New');
    await user.click(await screen.findByRole('option', { name: 'Create the new tag “Brand New”' }));
    expect(chips()).toEqual(['Brand New']);
    await user.click(submit());
    await waitFor(() => expect(http.bodiesOf('POST', `${API}/question`)).toHaveLength(1));
    expect(http.bodiesOf('POST', `${API}/question`)[0]).toMatchObject({
      tags: [{ slug_name: 'brand-new', display_name: 'Brand New', original_text: '' }],
    });
  });

  it('requires one of the recommended tags when the site says so, and lists them to add', async () => {
    const http = serve(
      {},
      {
        site_tags: {
          required_tag: true,
          recommend_tags: [{ slug_name: 'support', display_name: 'Support' }],
          reserved_tags: [],
        },
      },
    );
    const user = userEvent.setup();
    open();
    await fill(user, await titleInput(), 'How do I test a form?');
    await fill(user, await bodyInput(), 'Some body text here.');
    await addTag(user, 'react', 'React');
    await user.click(submit());
    expect(await screen.findByText('Please add at least one recommended tag.')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${API}/question`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add the recommended tag Support' }));
    expect(chips()).toEqual(['React', 'Support']);
    await waitFor(() => expect(screen.queryByText('Please add at least one recommended tag.')).not.toBeInTheDocument());
    await user.click(submit());
    await waitFor(() => expect(http.bodiesOf('POST', `${API}/question`)).toHaveLength(1));
  });

  it('reserved tags: not offered to members and refused when typed; moderators may use them', async () => {
    const site = { site_tags: { required_tag: false, recommend_tags: [], reserved_tags: [{ slug_name: 'meta' }] } };
    serve({}, site);
    const user = userEvent.setup();
    const first = open();
    await titleInput();
    await user.type(tagInput(), 'meta');
    const create = await screen.findByRole('option', { name: 'Create the new tag “meta”' });
    expect(screen.queryByRole('option', { name: 'meta' })).not.toBeInTheDocument();
    await user.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only moderators can add the reserved tag “meta”.');
    expect(chips()).toEqual([]);
    first.unmount();

    open('/questions/ask', { role_id: 3 });
    await titleInput();
    await addTag(user, 'meta', 'meta');
    expect(chips()).toEqual(['meta']);
  });

  it('?tags=slug preselects that tag with its display name', async () => {
    const http = serve({ [`GET ${API}/tags`]: [tagBrief('node', { display_name: 'Node.js' })] });
    open('/questions/ask?tags=node');
    await titleInput();
    expect(chips()).toEqual(['Node.js']);
    expect(http.calls.find((c) => c.path === `${API}/tags`)?.query.get('tags')).toBe('node');
  });
});
