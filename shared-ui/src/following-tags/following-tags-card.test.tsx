import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en_US from '../i18n/en_US.json';
import zh_CN from '../i18n/zh_CN.json';
import { renderWithProviders } from '../test/render';
import { FollowingTagsCard, type FollowingTagsCardProps } from './following-tags-card';
import type { FollowedTag } from './types';

const T = en_US.following_tags;
const tag = (slug: string, display = slug): FollowedTag => ({ slug_name: slug, display_name: display });
const CATALOG = [
  tag('react', 'React'),
  tag('redux', 'Redux'),
  tag('regex'),
  tag('rest'),
  tag('ruby', 'Ruby'),
  tag('rust', 'Rust'),
  tag('typescript', 'TypeScript'),
];

/** Prefix suggestions over CATALOG, as GET question/tags answers them. */
const catalogSuggest = () =>
  vi.fn(async (prefix: string) =>
    CATALOG.filter((t) => t.slug_name.startsWith(prefix.toLowerCase()) || t.display_name.startsWith(prefix)),
  );

function setup(props: Partial<FollowingTagsCardProps> = {}) {
  const onSave = props.onSave ?? vi.fn(async () => null);
  const suggest = props.suggest ?? catalogSuggest();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <FollowingTagsCard
      tags={[tag('react', 'React'), tag('typescript', 'TypeScript')]}
      tagHref={(slug) => `/tags/${slug}`}
      {...props}
      suggest={suggest}
      onSave={onSave}
    />,
  );
  return { ...view, user, onSave, suggest };
}

const card = () => screen.getByRole('region', { name: T.title });
const combobox = () => screen.getByRole('combobox', { name: T.input_label });
const chips = () =>
  within(screen.getByRole('list', { name: T.chosen_label }))
    .getAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

describe('FollowingTagsCard', () => {
  it('shows the followed tags as links and an Edit button', () => {
    setup();
    const links = within(screen.getByRole('list', { name: T.list_label })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['React', '/tags/react'],
      ['TypeScript', '/tags/typescript'],
    ]);
    expect(within(card()).getByRole('heading', { level: 2, name: T.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.edit_label })).toHaveTextContent(T.edit);
  });

  it('says when no tag is followed, with a hint', () => {
    setup({ tags: [] });
    expect(card()).toHaveTextContent(T.empty);
    expect(card()).toHaveTextContent(T.empty_hint);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows loading and load failures without an Edit button', () => {
    const { rerender } = setup({ tags: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent(en_US.loading);
    expect(screen.queryByRole('button', { name: T.edit_label })).not.toBeInTheDocument();
    rerender(<FollowingTagsCard tags={[]} loadFailed tagHref={String} suggest={catalogSuggest()} onSave={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(T.load_failed);
    expect(screen.queryByRole('button', { name: T.edit_label })).not.toBeInTheDocument();
  });

  it('edits: chips of the followed tags, the field focused', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    expect(chips()).toEqual(['React', 'TypeScript']);
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: T.save })).toBeEnabled();
    expect(screen.getByRole('button', { name: T.cancel })).toBeEnabled();
  });

  it('adds a tag with the keyboard: at most 5 suggestions, arrows, Enter (ARIA combobox)', async () => {
    const { user, suggest } = setup({ tags: [] });
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.type(combobox(), 'r');
    const listbox = await screen.findByRole('listbox', { name: T.suggestions });
    // 6 tags start with r: 5 are offered.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.firstChild?.textContent),
    ).toEqual(['React', 'Redux', 'regex', 'rest', 'Ruby']);
    expect(suggest).toHaveBeenLastCalledWith('r', expect.any(AbortSignal));
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(combobox()).toHaveAttribute('aria-controls', listbox.id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(listbox).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(combobox()).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(listbox).getAllByRole('option')[4]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chips()).toEqual(['Redux']);
    expect(combobox()).toHaveValue('');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');

    // Enter on an exact name adds it; a chosen tag is no longer suggested.
    await user.type(combobox(), 'rust');
    await screen.findByRole('option', { name: 'Rust' });
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Redux', 'Rust']);
    await user.type(combobox(), 're');
    const again = await screen.findByRole('listbox');
    expect(within(again).queryByRole('option', { name: 'Redux' })).not.toBeInTheDocument();
  });

  it('Escape closes the suggestions and keeps the chips; nothing matching says so', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.type(combobox(), 'reg');
    await screen.findByRole('option', { name: 'regex' });
    await user.keyboard('{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(chips()).toEqual(['React', 'TypeScript']);
    await user.keyboard('{ArrowDown}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');

    await user.clear(combobox());
    await user.type(combobox(), 'zzz');
    expect(await screen.findByText('No tag matches “zzz”.')).toBeInTheDocument();
    // Enter adds nothing that was not suggested: following needs an existing tag.
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['React', 'TypeScript']);
  });

  it('removes chips with their buttons and with Backspace in the empty field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    expect(chips()).toEqual(['TypeScript']);
    expect(combobox()).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('list', { name: T.chosen_label })).not.toBeInTheDocument();
    expect(card()).toHaveTextContent(T.none_chosen);
  });

  it('saves the slug list: pending while saving, then back to the links', async () => {
    let finish!: () => void;
    const onSave = vi.fn(() => new Promise<null>((resolve) => (finish = () => resolve(null))));
    const { user } = setup({ onSave });
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    await user.type(combobox(), 'ru');
    await screen.findByRole('option', { name: 'Ruby' });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: T.save }));

    expect(onSave).toHaveBeenCalledWith(['typescript', 'ruby'], [tag('typescript', 'TypeScript'), tag('ruby', 'Ruby')]);
    const saveButton = screen.getByRole('button', { name: T.save });
    expect(saveButton).toBeDisabled();
    expect(saveButton).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: T.cancel })).toBeDisabled();
    expect(combobox()).toBeDisabled();

    await act(async () => finish());
    // The caller refreshes `tags`; until then the card shows what it was given.
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: T.edit_label })).toHaveFocus();
  });

  it('keeps the editor and says so when saving fails; a retry can succeed', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(null);
    const { user } = setup({ onSave });
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.click(screen.getByRole('button', { name: 'Remove TypeScript' }));
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.save_failed);
    expect(chips()).toEqual(['React']);
    expect(screen.getByRole('button', { name: T.save })).toBeEnabled();
    expect(screen.getByRole('button', { name: T.save })).toHaveAccessibleDescription(T.save_failed);

    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith(['react'], [tag('react', 'React')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Save without a change closes the editor without a request', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Cancel drops the changes and restores the followed tags', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    await user.click(screen.getByRole('button', { name: T.cancel }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'React' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.edit_label })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    expect(chips()).toEqual(['React', 'TypeScript']);
  });

  it('says when suggestions cannot be loaded', async () => {
    const { user } = setup({ suggest: vi.fn().mockRejectedValue(new Error('down')) });
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.type(combobox(), 'r');
    expect(await screen.findByText(T.suggest_failed)).toBeInTheDocument();
  });

  it('asks for suggestions once the typing rests, not per keystroke', async () => {
    const suggest = vi.fn(async (_prefix: string) => [] as FollowedTag[]);
    const { user } = setup({ suggest });
    await user.click(screen.getByRole('button', { name: T.edit_label }));
    await user.type(combobox(), 'type');
    await screen.findByText('No tag matches “type”.');
    expect(suggest.mock.calls.map((c) => c[0])).toEqual(['type']);
  });

  it('is translated (zh_CN has the same keys)', () => {
    expect(Object.keys(zh_CN.following_tags).sort()).toEqual(Object.keys(T).sort());
    renderWithProviders(<FollowingTagsCard tags={[]} tagHref={String} suggest={catalogSuggest()} onSave={vi.fn()} />, {
      language: 'zh_CN',
    });
    expect(screen.getByRole('region', { name: zh_CN.following_tags.title })).toHaveTextContent(
      zh_CN.following_tags.empty,
    );
  });
});
