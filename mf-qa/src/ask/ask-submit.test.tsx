import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@agora/shared-api/testing';
import { currentLocation } from '../test/render';
import { API, fillValid, open, serve, submit, setUpAskTests } from './test/ask-form';
import { questionInfo } from './test/posts';

vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'));

setUpAskTests();

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
