import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation } from '../test/render';
import { API, addTag, bodyInput, fill, open, serve, submit, titleInput, setUpAskTests } from './test/ask-form';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

setUpAskTests();

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
