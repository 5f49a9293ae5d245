import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openSettings } from './test/open';
import { WRITE_ROUTES } from './test/write-routes';
import WriteScreen from './write-screen';

const section = (name: string) => screen.findByRole('region', { name });

describe('Settings → Write: questions and tags', () => {
  it('keeps minimum tags within 0 to 5 and the content length within 0 to 65535', async () => {
    const { user, puts } = openSettings(WriteScreen, WRITE_ROUTES);
    const questions = await section('Questions and answers');
    const tags = await within(questions).findByLabelText('Minimum tags');
    await fill(user, tags, '6');
    await fill(user, within(questions).getByLabelText('Minimum content length'), '');
    await user.click(within(questions).getByRole('button', { name: 'Save' }));
    expect(await within(questions).findByText('Enter a whole number from 0 to 5.')).toBeInTheDocument();
    expect(await within(questions).findByText('Enter a number.')).toBeInTheDocument();
    expect(puts('siteinfo/question')).toHaveLength(0);
  });

  it('saves the question rules exactly', async () => {
    const { user, puts } = openSettings(WriteScreen, WRITE_ROUTES);
    const questions = await section('Questions and answers');
    await fill(user, await within(questions).findByLabelText('Minimum tags'), '2');
    await fill(user, within(questions).getByLabelText('Minimum content length'), '20');
    await user.click(within(questions).getByRole('switch', { name: 'One answer per member' }));
    await user.click(within(questions).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts('siteinfo/question')).toHaveLength(1));
    expect(puts('siteinfo/question')[0]).toEqual({ min_tags: 2, min_content: 20, restrict_answer: false });
  });

  it('picks recommended tags among the existing ones and saves the tag lists', async () => {
    const { user, puts, http } = openSettings(WriteScreen, WRITE_ROUTES);
    const tags = await section('Tags');
    const picker = await within(tags).findByRole('combobox', { name: 'Recommended tags' });
    expect(within(tags).getByText('Go')).toBeInTheDocument();
    await user.click(picker);
    await user.type(picker, 'ru');
    const rust = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (el) => el.textContent === 'Rust',
      );
      if (!found) throw new Error('no Rust yet');
      return found;
    });
    expect(http.calls.some((c) => c.path === '/answer/api/v1/question/tags' && c.query.get('tag') === 'ru')).toBe(true);
    await user.click(rust);
    await user.click(within(tags).getByRole('switch', { name: 'Require a recommended tag' }));
    await user.click(within(tags).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts('siteinfo/tag')).toHaveLength(1));
    expect(puts('siteinfo/tag')[0]).toEqual({
      recommend_tags: [
        { slug_name: 'go', display_name: 'Go' },
        { slug_name: 'rust', display_name: 'Rust' },
      ],
      reserved_tags: [{ slug_name: 'meta', display_name: 'meta' }],
      required_tag: true,
    });
  });
});
