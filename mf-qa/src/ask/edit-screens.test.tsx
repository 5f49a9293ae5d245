import { isApiError } from '@agora/shared-api';
import { revisionKeys } from '@agora/shared-api/resources/revision';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import AnswerEditScreen from './answer-edit-screen';
import { draftKeys } from '../common/draft';
import QuestionEditScreen from './question-edit-screen';
import { answerInfo, questionInfo } from './test/posts';
import { currentLocation, renderScreen } from '../test/render';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

const API = '/answer/api/v1';
const QID = '10010000000000001';
const AID = '10020000000000002';
const siteinfo = (permalink = 1) => ({
  general: { name: 'Agora' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
});

/** A fresh response per request (a body is read once). */
const REVIEW_UNDERWAY = () =>
  envelope({ err_type: 'toast' }, 400, 'error.revision.review_underway', 'The post has a revision waiting for review.');

function serve(routes: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /answer/api/v1/siteinfo': siteinfo(),
    [`GET ${API}/revisions/edit/check`]: null,
    [`GET ${API}/question/info`]: questionInfo(),
    [`GET ${API}/answer/info`]: { info: answerInfo(), question: questionInfo() },
    [`GET ${API}/question/tags`]: [],
    [`GET ${API}/permission`]: { 'tag.add': { has_permission: true, no_permission_tip: '' } },
    [`PUT ${API}/question`]: { url_title: 'how-do-i-read-a-file-fast', wait_for_review: false },
    [`PUT ${API}/answer`]: { wait_for_review: false },
    ...routes,
  });
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('edit question (/posts/{qid}/edit)', () => {
  const open = () => renderScreen(QuestionEditScreen, { url: `/posts/${QID}/edit`, routes: ['/posts/:qid/edit'] });

  it('checks first, then loads the question into the form; saving sends PUT question and opens it', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit question' })).toBeInTheDocument();
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('How do I read a file?');
    expect(await screen.findByLabelText('Body')).toHaveValue('I want to read a text file line by line.');
    expect(screen.getByRole('list', { name: 'Chosen tags' })).toHaveTextContent('Node.js');
    expect(http.calls.find((c) => c.path === `${API}/revisions/edit/check`)?.query.get('id')).toBe(QID);
    // No similar questions and no own answer when editing.
    expect(screen.queryByRole('checkbox', { name: 'Answer your own question' })).not.toBeInTheDocument();

    await fill(user, title, 'How do I read a file fast?');
    await fill(user, screen.getByLabelText('Edit summary'), 'Clearer title');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(currentLocation()).toBe(`/questions/${QID}/how-do-i-read-a-file-fast`));
    expect(http.bodiesOf('PUT', `${API}/question`)[0]).toEqual({
      id: QID,
      title: 'How do I read a file fast?',
      content: 'I want to read a text file line by line.',
      tags: [{ slug_name: 'node', display_name: 'Node.js' }],
      edit_summary: 'Clearer title',
    });
  });

  it('a revision under review: the server message goes to the shell as a toast and the user is back on the question', async () => {
    const http = serve({ [`GET ${API}/revisions/edit/check`]: REVIEW_UNDERWAY });
    const { shellErrors } = open();
    await waitFor(() => expect(currentLocation()).toBe(`/questions/${QID}`));
    const error = shellErrors[0];
    expect(isApiError(error) && error.errType).toBe('toast');
    expect(isApiError(error) && error.message).toBe('The post has a revision waiting for review.');
    expect(http.calls.some((c) => c.path === `${API}/question/info`)).toBe(false);
  });

  it('a post that does not exist is the shell’s 404 page (allow404), not a load failure of the form', async () => {
    serve({ [`GET ${API}/revisions/edit/check`]: envelope(null, 404, 'error.question.not_found', 'Not found') });
    const { queryClient, shellErrors } = open();
    await waitFor(() => expect(shellErrors).toHaveLength(1));
    expect(isApiError(shellErrors[0]) && shellErrors[0].status).toBe(404);
    const check = queryClient.getQueryCache().findAll({ queryKey: revisionKeys.editCheck(QID) })[0]!;
    expect(check.meta).toMatchObject({ allow404: true });
  });

  it('an edit kept for review says so instead of leaving', async () => {
    serve({ [`PUT ${API}/question`]: { url_title: 'x', wait_for_review: true } });
    const user = userEvent.setup();
    open();
    await fill(user, await screen.findByLabelText('Title'), 'How do I read a big file?');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Your revision will show after review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the question' })).toHaveAttribute(
      'href',
      `/questions/${QID}/how-do-i-read-a-file`,
    );
    expect(currentLocation()).toBe(`/posts/${QID}/edit`);
    expect(window.localStorage.getItem(draftKeys.question(QID))).toBeNull();
  });

  it('validates like the ask form and maps server field errors', async () => {
    const http = serve({
      [`PUT ${API}/question`]: envelope(
        [{ error_field: 'tags', error_msg: 'Tag “meta” is reserved.' }],
        400,
        'base.request_format_error',
        'Tag “meta” is reserved.',
      ),
    });
    const user = userEvent.setup();
    open();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Title cannot be empty.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${API}/question`)).toHaveLength(0);
    await fill(user, title, 'How do I read files?');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Tag “meta” is reserved.')).toBeInTheDocument();
  });

  it('a reserved tag the question already has may stay when a member edits it', async () => {
    const http = serve({
      [`GET ${API}/question/info`]: questionInfo({
        tags: [
          {
            slug_name: 'announcements',
            display_name: 'Announcements',
            main_tag_slug_name: '',
            recommend: false,
            reserved: true,
          },
        ],
      }),
    });
    const user = userEvent.setup();
    open();
    await fill(user, await screen.findByLabelText('Title'), 'How do I read a file quickly?');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(http.bodiesOf('PUT', `${API}/question`)).toHaveLength(1));
    expect(http.bodiesOf('PUT', `${API}/question`)[0]).toMatchObject({
      tags: [{ slug_name: 'announcements', display_name: 'Announcements' }],
    });
    expect(screen.queryByText(/Only moderators can add the reserved tag/)).not.toBeInTheDocument();
  });

  it('restores its own draft, kept per post', async () => {
    serve();
    window.localStorage.setItem(
      draftKeys.question(QID),
      JSON.stringify({
        savedAt: Date.now() - 1000,
        value: { title: 'My unsaved edit', content: 'Changed body text.', tags: [], edit_summary: 'wip' },
      }),
    );
    open();
    expect(await screen.findByLabelText('Title')).toHaveValue('My unsaved edit');
    expect(screen.getByLabelText('Edit summary')).toHaveValue('wip');
    expect(screen.getByText('Your draft has been restored.')).toBeInTheDocument();
  });
});

describe('edit answer (/posts/{qid}/{aid}/edit)', () => {
  const open = () =>
    renderScreen(AnswerEditScreen, { url: `/posts/${QID}/${AID}/edit`, routes: ['/posts/:qid/:aid/edit'] });

  it('checks, loads the answer under its question title; saving sends PUT answer and opens the answer', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit answer' })).toBeInTheDocument();
    const content = await screen.findByLabelText('Answer');
    expect(content).toHaveValue('Use readline with a stream.');
    expect(screen.getByRole('link', { name: 'How do I read a file?' })).toHaveAttribute(
      'href',
      `/questions/${QID}/how-do-i-read-a-file`,
    );
    expect(http.calls.find((c) => c.path === `${API}/revisions/edit/check`)?.query.get('id')).toBe(AID);
    expect(http.calls.find((c) => c.path === `${API}/answer/info`)?.query.get('id')).toBe(AID);

    await fill(user, content, 'Use readline with a file stream.');
    await fill(user, screen.getByLabelText('Edit summary'), 'More precise');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    await waitFor(() => expect(currentLocation()).toBe(`/questions/${QID}/how-do-i-read-a-file/${AID}`));
    expect(http.bodiesOf('PUT', `${API}/answer`)[0]).toEqual({
      id: AID,
      question_id: QID,
      content: 'Use readline with a file stream.',
      edit_summary: 'More precise',
    });
  });

  it('an answer needs 6 characters; empty: Answer cannot be empty.', async () => {
    const http = serve();
    const user = userEvent.setup();
    open();
    const content = await screen.findByLabelText('Answer');
    await user.clear(content);
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Answer cannot be empty.')).toBeInTheDocument();
    await user.type(content, 'Too');
    expect(await screen.findByText('Answer must be at least 6 characters.')).toBeInTheDocument();
    expect(http.bodiesOf('PUT', `${API}/answer`)).toHaveLength(0);
  });

  it('a revision under review sends the user back to the question without loading the answer', async () => {
    const http = serve({ [`GET ${API}/revisions/edit/check`]: REVIEW_UNDERWAY });
    const { shellErrors } = open();
    await waitFor(() => expect(currentLocation()).toBe(`/questions/${QID}`));
    expect(isApiError(shellErrors[0]) && shellErrors[0].reason).toBe('error.revision.review_underway');
    expect(http.calls.some((c) => c.path === `${API}/answer/info`)).toBe(false);
  });

  it('an edit kept for review says so', async () => {
    serve({ [`PUT ${API}/answer`]: { wait_for_review: true } });
    const user = userEvent.setup();
    open();
    await fill(user, await screen.findByLabelText('Answer'), 'A much better answer.');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Your revision will show after review')).toBeInTheDocument();
    expect(screen.queryByLabelText('Answer')).not.toBeInTheDocument();
  });
});
