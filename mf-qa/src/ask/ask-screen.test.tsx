import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import AskScreen from './ask-screen';
import { questionInfo } from './test/posts';
import { currentLocation, renderScreen, tagBrief } from '../test/render';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

const API = '/answer/api/v1';
const ROUTES = ['/questions/ask'];

interface SiteOptions {
  permalink?: number;
  site_questions?: object;
  site_tags?: object;
}
const siteinfo = ({ permalink = 2, ...rest }: SiteOptions = {}) => ({
  general: { name: 'Agora' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
  ...rest,
});

const TAGS = [
  tagBrief('react', { display_name: 'React' }),
  tagBrief('redux', { display_name: 'Redux' }),
  tagBrief('remix', { display_name: 'Remix' }),
  tagBrief('relay', { display_name: 'Relay' }),
  tagBrief('recoil', { display_name: 'Recoil' }),
  tagBrief('reason', { display_name: 'ReasonML' }),
  tagBrief('restify', { display_name: 'Restify' }),
];

/** GET question/tags answers the tags whose slug starts with the search text. */
const tagSearch = (call: RecordedCall) => {
  const text = (call.query.get('tag') ?? '').toLowerCase();
  return [...TAGS, tagBrief('node', { display_name: 'Node.js' }), tagBrief('meta', { reserved: true })].filter((t) =>
    t.slug_name.startsWith(text),
  );
};

function serve(routes: Record<string, unknown> = {}, site: SiteOptions = {}) {
  return mockFetch({
    'GET /answer/api/v1/siteinfo': siteinfo(site),
    [`GET ${API}/question/tags`]: tagSearch,
    [`GET ${API}/permission`]: { 'tag.add': { has_permission: true, no_permission_tip: '' } },
    [`GET ${API}/question/similar`]: [],
    [`GET ${API}/user/action/record`]: { captcha_id: '', captcha_img: '', verify: false },
    [`POST ${API}/question`]: questionInfo({ id: '42', url_title: 'how-to-test' }),
    ...routes,
  });
}

const open = (url = '/questions/ask', user: object = {}) => renderScreen(AskScreen, { url, routes: ROUTES, user });
const titleInput = () => screen.findByLabelText('Title');
const bodyInput = () => screen.findByLabelText('Body');
const tagInput = () => screen.getByRole('combobox', { name: 'Tags' });
const submit = () => screen.getByRole('button', { name: /^Post your question/ });
const chips = () =>
  within(screen.queryByRole('list', { name: 'Chosen tags' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

/** Types into a field at once (one change, as pasting does): keeps the tests fast. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function addTag(user: UserEvent, text: string, pick?: string) {
  await fill(user, tagInput(), text);
  if (pick) await user.click(await screen.findByRole('option', { name: new RegExp(`^${escape(pick)}`) }));
  else {
    await screen.findByRole('listbox', { name: 'Tag suggestions' });
    await user.keyboard('{Enter}');
  }
}

async function fillValid(user: UserEvent) {
  await fill(user, await titleInput(), 'How do I test a form?');
  await fill(user, await bodyInput(), 'I would like to know how to test it well.');
  await addTag(user, 'react', 'React');
  await addTag(user, 'node', 'Node.js');
}

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ask: validation', () => {
  it('an empty form shows the messages of title, body and tags and sends nothing', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    await titleInput();
    await user.click(submit());
    expect(await screen.findByText('Title cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Body cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Tags cannot be empty.')).toBeInTheDocument();
    expect(http.bodiesOf('POST', `${API}/question`)).toHaveLength(0);
  });

  it('counts the title up to 150 characters and refuses more', async () => {
    serve();
    const user = userEvent.setup();
    open();
    const title = await titleInput();
    await user.type(title, 'Twelve chars');
    expect(screen.getByText('12/150')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'x'.repeat(151) } });
    expect(screen.getByText('151/150')).toBeInTheDocument();
    expect(await screen.findByText('Title cannot be more than 150 characters.')).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
  });

  it('asks for the minimum number of tags the site sets (site_questions.min_tags)', async () => {
    serve({}, { site_questions: { min_tags: 2, min_content: 0, restrict_answer: true } });
    const user = userEvent.setup();
    open();
    await fill(user, await titleInput(), 'How do I test a form?');
    await fill(user, await bodyInput(), 'Some body text here.');
    await addTag(user, 'react', 'React');
    await user.click(submit());
    expect(await screen.findByText('Please add at least 2 tags.')).toBeInTheDocument();
  });
});

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

describe('ask: similar questions', () => {
  it('asks for questions like the title once typing rests and lists them with answer counts, opening in a new tab', async () => {
    const http = serve(
      {
        [`GET ${API}/question/similar`]: [
          {
            id: '5',
            title: 'How do I test forms?',
            url_title: 'how-do-i-test-forms',
            view_count: 3,
            answer_count: 2,
            collection_count: 0,
            follow_count: 0,
            status: 'available',
            accepted_answer: true,
          },
        ],
      },
      { permalink: 1 },
    );
    const user = userEvent.setup();
    open();
    await user.type(await titleInput(), 'How do I test');
    const region = await screen.findByRole('region', { name: 'Similar questions' });
    const link = within(region).getByRole('link', { name: 'How do I test forms?' });
    expect(link).toHaveAttribute('href', '/questions/5/how-do-i-test-forms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(region).getByText('2 answers')).toBeInTheDocument();
    // Debounced: one request for the rested title, none per keystroke.
    const titles = http.calls.filter((c) => c.path === `${API}/question/similar`).map((c) => c.query.get('title'));
    expect(titles).toEqual(['How do I test']);

    // A title over 150 characters is invalid: no query (the server would refuse it), the list goes.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'y'.repeat(151) } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Similar questions' })).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 500));
    expect(http.calls.filter((c) => c.path === `${API}/question/similar`)).toHaveLength(1);
  });
});

describe('ask: submit', () => {
  it('posts the question and opens it (with the slug when the permalink asks for it)', async () => {
    const http = serve({}, { permalink: 1 });
    const user = userEvent.setup();
    open();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(currentLocation()).toBe('/questions/42/how-to-test'));
    expect(http.bodiesOf('POST', `${API}/question`)[0]).toEqual({
      title: 'How do I test a form?',
      content: 'I would like to know how to test it well.',
      tags: [
        { slug_name: 'react', display_name: 'React' },
        { slug_name: 'node', display_name: 'Node.js' },
      ],
    });
  });

  it('the own answer: a second editor, checked like an answer, then POST question/answer', async () => {
    const http = serve({
      [`POST ${API}/question/answer`]: { info: {}, question: questionInfo({ id: '43', url_title: 'x' }) },
    });
    const user = userEvent.setup();
    open();
    await fillValid(user);
    expect(screen.queryByLabelText('Your answer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Answer your own question' }));
    const answer = await screen.findByLabelText('Your answer');
    await user.click(screen.getByRole('button', { name: 'Post your question and answer' }));
    expect(await screen.findByText('Answer cannot be empty.')).toBeInTheDocument();
    await user.type(answer, 'Short');
    expect(await screen.findByText('Answer must be at least 6 characters.')).toBeInTheDocument();
    await user.type(answer, ' but enough');
    await user.click(screen.getByRole('button', { name: 'Post your question and answer' }));
    await waitFor(() => expect(currentLocation()).toBe('/questions/43'));
    expect(http.bodiesOf('POST', `${API}/question`)).toHaveLength(0);
    expect(http.bodiesOf('POST', `${API}/question/answer`)[0]).toMatchObject({
      title: 'How do I test a form?',
      answer_content: 'Short but enough',
    });
  });

  it("puts the server's field errors on their fields", async () => {
    const { shellErrors } = (() => {
      serve({
        [`POST ${API}/question`]: envelope(
          [
            { error_field: 'title', error_msg: 'Title must be at least 6 characters.' },
            { error_field: 'content', error_msg: 'Body must be at least 6 characters.' },
          ],
          400,
          'base.request_format_error',
          'Bad request',
        ),
      });
      return open();
    })();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Title must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('Body must be at least 6 characters.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'));
    expect(currentLocation()).toBe('/questions/ask');
    // Field errors are the form's; the shell's handler sees the failure and leaves it to the form.
    expect(shellErrors).toHaveLength(1);
  });

  it('asks for a captcha when the server wants one and sends its answer', async () => {
    const http = serve({
      [`GET ${API}/user/action/record`]: { captcha_id: 'c-1', captcha_img: 'data:image/png;base64,AAAA', verify: true },
    });
    const user = userEvent.setup();
    open();
    await fillValid(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Verification' });
    expect(within(dialog).getByRole('img', { name: /Verification code image/ })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Verification code'), 'ab12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentLocation()).toBe('/questions/42'));
    expect(http.bodiesOf('POST', `${API}/question`)[0]).toMatchObject({ captcha_id: 'c-1', captcha_code: 'ab12' });
  });

  it('the submit button is pending while the question is sent', async () => {
    let release!: () => void;
    serve({
      [`POST ${API}/question`]: () =>
        new Promise((resolve) => {
          release = () => resolve(questionInfo({ id: '42' }));
        }),
    });
    const user = userEvent.setup();
    open();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    release();
    await waitFor(() => expect(currentLocation()).toBe('/questions/42'));
  });
});

describe('ask: captcha refused by the server', () => {
  it('when the server refuses the captcha anyway, the dialog opens with its message and a fresh picture', async () => {
    let records = 0;
    let posts = 0;
    const http = serve({
      [`GET ${API}/user/action/record`]: () => {
        records += 1;
        return records === 1
          ? { captcha_id: '', captcha_img: '', verify: false }
          : { captcha_id: `c-${records}`, captcha_img: `data:image/png;base64,${records}`, verify: true };
      },
      [`POST ${API}/question`]: () => {
        posts += 1;
        return posts === 1
          ? envelope(
              [{ error_field: 'captcha_code', error_msg: 'Verification failed.' }],
              400,
              'error.object.captcha_verification_failed',
              'Verification failed.',
            )
          : questionInfo({ id: '42' });
      },
    });
    const user = userEvent.setup();
    open();
    await fillValid(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Verification' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Verification code')).toHaveAccessibleDescription('Verification failed.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Verification code cannot be empty.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Verification code'), 'xyz9');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentLocation()).toBe('/questions/42'));
    expect(http.bodiesOf('POST', `${API}/question`)[1]).toMatchObject({ captcha_id: 'c-2', captcha_code: 'xyz9' });
  });
});

describe('ask: in Chinese', () => {
  it('speaks Chinese when the interface does', async () => {
    serve();
    await i18next.changeLanguage('zh_CN');
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: '提问' })).toBeInTheDocument();
    await screen.findByLabelText('标题');
    await user.click(screen.getByRole('button', { name: '发布问题' }));
    expect(await screen.findByText('标题不能为空。')).toBeInTheDocument();
    expect(screen.getByText('内容不能为空。')).toBeInTheDocument();
    expect(screen.getByText('标签不能为空。')).toBeInTheDocument();
  });
});

describe('ask: leaving with unsaved text', () => {
  it('an in-app link asks first; Stay keeps the form, Leave goes', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.type(await titleInput(), 'Half a question');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave the page?' });
    expect(within(dialog).getByText('Your changes may not be saved.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(currentLocation()).toBe('/questions/ask');
    expect(screen.getByLabelText('Title')).toHaveValue('Half a question');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to leave the page?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentLocation()).toBe('/elsewhere'));
  });

  it('an untouched form lets links go at once; closing the tab is held only with unsaved text', async () => {
    serve();
    const user = userEvent.setup();
    const first = open();
    await titleInput();
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Title'), 'Something');
    const held = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    first.unmount();

    open();
    await titleInput();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(currentLocation()).toBe('/elsewhere'));
  });
});
